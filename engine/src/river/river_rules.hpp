#pragma once
// River II as a friend of State (river_rules.cpp): the flow rules for a river tile, the river's
// open ends, and the policy for a river tile that fits nowhere.

#include <vector>

#include "carc/state.hpp"

namespace carc {

struct RiverRules {
    // Why a river tile may not go there (edge matching aside), or null.
    static const char* violation(const State& s, const TileType& tile, Coord at, int rotation);
    static void init_ends(State& s);  // from the river tiles laid at setup
    static void update_ends(State& s, int placed_index);
    // The drawn river tile fit nowhere: set aside under the river stack. Returns whether it was.
    static bool set_aside_tile(State& s, std::vector<Event>* events);
};

}  // namespace carc
