#pragma once
// "My games" (GET /api/me/games, the `my_games` message) as lines: your turn first, marked `*`,
// with the move's deadline. carc-term --my-games prints them; the My games screen lists them
// and opens one. Pure, for the tests; in the client's language.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace carc::term {

// A deadline (Unix ms) as "YYYY-MM-DD HH:MM UTC".
std::string utc_time_text(std::int64_t unix_ms);
// One game of the list, without a line end.
std::string my_game_line(const nlohmann::json& game);
std::string my_games_text(const nlohmann::json& games);

}  // namespace carc::term
