#pragma once
// The search with its root exposed, for the move review (engine/src/review/): what each root
// action was worth to every player, in points of expected final lead, and a search confined to
// one root action (the value of that move). search() is this without the trace.

#include <array>
#include <vector>

#include "carc/search.hpp"

namespace carc {

struct RootEdgeValue {
    Action action;
    int visits = 0;
    // Summed over the iterations through this action: each player's lead (their evaluation
    // less the best opponent's, as reward() reads it) where the iteration ended.
    std::array<double, max_players> lead_sum{};
    // The tree's value of the action when every decider below plays the action it visited
    // most (chance outcomes weighted by how often they came): the review's value of a move.
    std::array<double, max_players> lead_best_play{};
};

struct SearchTrace {
    SearchResult result;
    std::vector<RootEdgeValue> root;
};

// Each player's lead in points from per-player values: their value less the best other's.
std::array<double, max_players> leads(const std::array<double, max_players>& values, int players);

// Runs the search of `settings` and keeps the root's statistics. With `only_root`, the root
// considers that action alone (it must be legal), so every iteration measures it; the search
// also runs when there is a single legal action.
SearchTrace search_traced(const State& state, const SearchSettings& settings, const Action* only_root);

}  // namespace carc
