#pragma once
// Who owns a feature: the players with the most followers on it.

#include <algorithm>
#include <array>
#include <vector>

#include "carc/types.hpp"

namespace carc {

// Every player with the most followers (at least one); a tie gives several.
inline std::vector<PlayerId> majority(const std::array<int, max_players>& counts, int players) {
    const int best = *std::max_element(counts.begin(), counts.begin() + players);
    std::vector<PlayerId> winners;
    if (best == 0) return winners;
    for (int p = 0; p < players; ++p)
        if (counts[p] == best) winners.push_back(static_cast<PlayerId>(p));
    return winners;
}

}  // namespace carc
