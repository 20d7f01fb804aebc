#pragma once
// The Cult as a friend of State (cult_rules.cpp): where shrines and monasteries may stand, and
// the challenge a scored one wins against its occupied neighbour.

#include <vector>

#include "carc/state.hpp"

namespace carc {

struct CultRules {
    // The monasteries and shrines on the board, gathered once per listing: the limits test them
    // by distance instead of looking up 8 cells per candidate.
    struct Building {
        Coord at;
        bool shrine = false;
    };
    using Buildings = StaticVector<Building, max_placed_tiles>;
    static void collect_buildings(const State& s, Buildings& out);
    // Why a shrine (or monastery) may not stand at `at`, or null.
    static const char* violation(bool shrine, Coord at, const Buildings& buildings);
    // The opposite building of a scored cloister or shrine loses its challenge.
    static void resolve_challenge(State& s, int placed_index, int segment, std::vector<Event>* events);
};

}  // namespace carc
