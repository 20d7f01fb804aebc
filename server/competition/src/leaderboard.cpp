#include "carc/competition/leaderboard.hpp"

namespace carc::competition {

bool leaderboard_eligible(const Rating& r, int rated_games, double idle_seconds) {
    const Rating now = after_idle_periods(r, rating_periods(idle_seconds));
    return rated_games >= kLeaderboardMinGames && now.rd <= kLeaderboardMaxRd;
}

}  // namespace carc::competition
