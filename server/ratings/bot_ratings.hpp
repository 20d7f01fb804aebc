#pragma once
// The bots' fixed places on the ladder (docs/ratings.md, "Bots"): from the arena results of
// docs/bots.md, easy placed where a newcomer starts. A bot's rating never moves; it rates the
// people it plays.

#include <string>

#include "carc/bots.hpp"
#include "carc/competition/rating.hpp"

namespace carc::server::ratings {

// Rating and a small fixed RD (the arena measured them; they are not guesses of one game).
competition::Rating bot_rating(BotKind kind);
// "Easy bot", "Hard bot", ...: how a bot appears in a game's rating change and the leaderboard.
std::string bot_display_name(BotKind kind);

}  // namespace carc::server::ratings
