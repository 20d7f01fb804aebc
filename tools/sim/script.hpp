#pragma once
// Scripted games for `carc-sim replay` (format: docs/scripts.md).

#include <nlohmann/json.hpp>
#include <string>

namespace carc::sim {

// Plays the script; on success returns the result JSON ({"finished","scores","events"}).
// On an illegal or malformed move sets `error` (naming the move's 1-based index) and returns
// null.
nlohmann::json run_script(const nlohmann::json& script, std::string& error);

}  // namespace carc::sim
