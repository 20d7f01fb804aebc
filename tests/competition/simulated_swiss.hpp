#pragma once
// A Swiss tournament played out with simulated results, deterministic from a seed, recording
// each round's pairing and the scores it was made from, for the rule checks.

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "carc/competition/tournament.hpp"

namespace carc::competition::testing {

struct PlayedRound {
    std::vector<SwissPlayer> players;  // as paired: scores and opponents before the round
    SwissRound round;
};

struct SwissScenario {
    int players = 8;
    int rounds = 3;
    std::uint64_t seed = 1;
    std::map<int, std::vector<int>> withdraw_before;  // round -> ids withdrawing before it
    std::map<int, int> join_before;                   // round -> how many join before it
};

inline SwissScenario scenario(int players, int rounds, std::uint64_t seed) {
    SwissScenario s;
    s.players = players;
    s.rounds = rounds;
    s.seed = seed;
    return s;
}

// Plays the scenario; results drawn from each player's hidden strength (its seed rating).
std::vector<PlayedRound> play_swiss(const SwissScenario& scenario, Tournament* out = nullptr);

// The number of pairs across score groups in a round.
int unequal_pairs(const PlayedRound& played);

}  // namespace carc::competition::testing
