#pragma once
// Scripted Castle games for `carc-sim replay` ("game": "castle"; format: docs/castle.md).

#include <nlohmann/json.hpp>
#include <string>

namespace carc::sim {

// Plays a Castle script; returns {"finished","scores","events","castle"} or null with `error`
// naming the move's 1-based index.
nlohmann::json run_castle_script(const nlohmann::json& script, std::string& error);

}  // namespace carc::sim
