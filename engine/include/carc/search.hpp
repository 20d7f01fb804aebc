#pragma once
// Search bots: information-set Monte Carlo tree search (engine/src/search/). A pure,
// deterministic function of the state, its settings and seed: no clock and no threads. A
// caller that wants a time limit passes a stop predicate (the server does; the engine never
// reads a clock). The hidden part of the state is never read: every iteration first replaces
// it by a sample from the public information (State::determinize).

#include <array>
#include <cstdint>
#include <functional>

#include "carc/action.hpp"
#include "carc/state.hpp"

namespace carc {

struct SearchSettings {
    int iterations = 1000;       // the budget; with no stop predicate, same seed = same move
    std::uint64_t seed = 0;      // the search's own Rng (determinizations, rollouts, ties)
    std::function<bool()> stop;  // polled before each iteration; true ends the search early
    int rollout_turns = 4;       // turns a rollout plays past the tree before evaluating
    double exploration = 0.5;    // UCB constant, rewards are in [0, 1]
    double widening = 2.0;       // a node with n visits considers 1 + widening * sqrt(n) actions
};

struct SearchResult {
    Action action;
    int iterations = 0;   // iterations actually run
    int root_visits = 0;  // visits of the chosen action
    double value = 0;     // its mean reward for the decider, in [0, 1]
    int nodes = 0;        // decision nodes in the tree
};

// The decider's best action by search. The state must not be over.
SearchResult search(const State& state, const SearchSettings& settings);

// The heuristic value of a position for each player, in points: the final score if the game
// ended now (incomplete features, fields), plus what followers in supply and cities likely to
// be completed are still worth.
std::array<double, max_players> evaluate(const State& state);

// A reward in [0, 1] for `player` from per-player values: a logistic of the lead over the best
// opponent (0.5 = level).
double reward(const std::array<double, max_players>& values, int players, int player);

}  // namespace carc
