#pragma once
// A replay script's own expectations (docs/scripts.md): `"expect": {"scores": [..]}` for the
// final scores, or `"expect": {"refused": "text"}` for a script the rules must refuse with an
// error containing that text. carc-sim replay exits 3 when they are not met, so a test is just
// `carc-sim replay FILE`.

#include <string>

#include <nlohmann/json.hpp>

namespace carc::sim {

// What is wrong, or "" when `result` (null when refused, with `error`) meets `expect`.
std::string unmet_expectation(const nlohmann::json& expect, const nlohmann::json& result,
                              const std::string& error);

}  // namespace carc::sim
