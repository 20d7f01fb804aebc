#pragma once
// Round-robin schedules with tables of 2 to 5 players (docs/ratings.md, Round robin): every
// pair shares a table at least once.

#include <set>
#include <utility>
#include <vector>

namespace carc::competition {

using Table = std::vector<int>;       // player ids
using Round = std::vector<Table>;     // tables of one round; a player missing from all sits out

inline constexpr int kMinTableSize = 2;
inline constexpr int kMaxTableSize = 5;

// The rounds that seat every pair of `players` not yet in `met` together at least once, at
// tables of `table_size` players (some one smaller when the count does not divide; size 2
// with an odd count: one player sits out each round). A fresh two-player schedule is the
// circle method (n - 1 rounds, n with a sit-out); otherwise each round is built greedily
// (below). After a late join or a withdrawal, call it again with the players left and the
// pairs already met. Throws std::invalid_argument for a table size outside 2-5, fewer than 2
// players or a repeated id.
std::vector<Round> round_robin_schedule(const std::vector<int>& players, int table_size,
                                        const std::set<std::pair<int, int>>& met = {});

}  // namespace carc::competition
