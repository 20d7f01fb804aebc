#pragma once
// Who appears on the leaderboard: established ratings only.

#include "carc/competition/rating.hpp"

namespace carc::competition {

inline constexpr double kLeaderboardMaxRd = 75.0;
inline constexpr int kLeaderboardMinGames = 10;

// RD <= 75 (after widening by the time since the last rated game) and at least 10 rated games.
bool leaderboard_eligible(const Rating& r, int rated_games, double idle_seconds = 0.0);

}  // namespace carc::competition
