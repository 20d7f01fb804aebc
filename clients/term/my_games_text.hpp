#pragma once
// "My games" (GET /api/me/games) as the lines carc-term --my-games prints: your turn first,
// marked `*`, with the move's deadline; carc-term --play ROOM opens one. Pure, for the tests.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace carc::term {

// A deadline (Unix ms) as "YYYY-MM-DD HH:MM UTC".
std::string utc_time_text(std::int64_t unix_ms);
std::string my_games_text(const nlohmann::json& games);

}  // namespace carc::term
