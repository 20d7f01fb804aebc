#pragma once
// King and Robber Baron as a friend of State (king_robber_rules.cpp).

#include <vector>

#include "carc/state.hpp"

namespace carc {

struct KingRobberRules {
    // After the tile laid this turn: a larger completed city (road) takes the King (Robber).
    static void update(State& s, std::vector<Event>* events);
    // Game end: 1 point per completed city (road) to the holder.
    static void score(State& s, std::vector<Event>* events);
};

}  // namespace carc
