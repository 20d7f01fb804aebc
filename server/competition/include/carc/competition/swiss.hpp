#pragma once
// Swiss pairing for two-player games: one round's pairs by a heavy maximum matching
// (docs/ratings.md, Swiss). Never a repeated pair, at most one bye per player and a bye only
// when the count is odd, in the lowest score group that can take it; then as few pairs across
// score groups as it finds (the exact minimum in every simulated round measured).

#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "carc/competition/matching.hpp"

namespace carc::competition {

struct SwissPlayer {
    int id = 0;
    double score = 0;             // 1 a win or a bye, 0.5 a draw
    double seed = 0;              // the rating: ranks players of equal score
    bool had_bye = false;
    std::vector<int> opponents;   // ids already met
};

struct SwissRound {
    std::vector<std::pair<int, int>> pairs;  // ids; the first is ranked higher
    std::optional<int> bye;                  // the id that sits out and scores 1
};

// No pairing exists without a repeat or a second bye.
struct PairingImpossible : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline constexpr int kMaxSwissPlayers = 256;  // keeps the integer weights from overflowing

// Pairs the players of the next round (the active ones: withdrawn players are left out by the
// caller). Throws std::invalid_argument for fewer than 2 or more than kMaxSwissPlayers players
// or a repeated id, PairingImpossible when no legal pairing is left.
SwissRound pair_swiss_round(const std::vector<SwissPlayer>& players,
                            MatchingReport* report = nullptr);

}  // namespace carc::competition
