#pragma once
// The search's evaluation, by rule system: evaluation.cpp (Carcassonne with its expansions)
// and castle_evaluation.cpp (The Castle, whose scoring differs too much to share).

#include <algorithm>
#include <array>

#include "carc/state.hpp"

namespace carc {

// What a follower in supply still earns: 2 points, less once fewer than 12 turns remain.
inline double supply_worth(const State& s) {
    const double turns_left = static_cast<double>(s.tiles_left()) / s.game().players();
    return std::min(2.0, turns_left / 6.0);
}

std::array<double, max_players> evaluate_castle(const State& s);

}  // namespace carc
