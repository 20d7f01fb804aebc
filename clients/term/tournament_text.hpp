#pragma once
// A tournament (GET /api/tournaments/ID) as the lines carc-term --tournament ID prints: its name
// and state, the standings with their tie-breaks, and the current round's games. Pure, for the
// tests.

#include <string>

#include <nlohmann/json.hpp>

namespace carc::term {

std::string tournament_text(const nlohmann::json& tournament);

}  // namespace carc::term
