#pragma once
// The leaderboard (GET /api/leaderboard?rules=KEY) and a profile (GET /api/players/NAME) as the
// lines carc-term --leaderboard and --profile print, in the client's language. Pure, for the tests.

#include <string>

#include <nlohmann/json.hpp>

namespace carc::term {

std::string leaderboard_text(const nlohmann::json& board);
std::string profile_text(const nlohmann::json& profile);

}  // namespace carc::term
