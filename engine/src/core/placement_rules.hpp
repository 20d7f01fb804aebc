#pragma once
// Placement rules beyond edge matching (River II's flow, the Cult's limits), gathered for the
// State's turn: it reads the State only through its public queries.

#include <vector>

#include "carc/state.hpp"

namespace carc {

struct PlacementRules {
    // Whether tiles of that type have rules beyond edge matching in this game.
    static bool has_rules(const State& s, TileTypeId type);
    // The reason a placement is refused, or null.
    static const char* violation(const State& s, TileTypeId type, Coord at, int rotation);
    static bool fits_somewhere(const State& s, TileTypeId type);
    // The placements under the extra rules; with `out` null, only whether there is one.
    static bool placements(const State& s, TileTypeId type, std::vector<Action>* out);
};

}  // namespace carc
