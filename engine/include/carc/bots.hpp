#pragma once
// Built-in players: pure functions of a State (and their own Rng, never the game's).

#include <vector>

#include "carc/action.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"

namespace carc {

enum class BotKind : std::uint8_t { random, greedy };

// A uniformly random legal action of the decider. The state must not be over.
Action choose_random(const State& state, Rng& rng);
// The legal action with the best immediate score difference for the decider (ties broken by
// rng); tile placements are judged together with their best follower choice.
Action choose_greedy(const State& state, Rng& rng);
Action choose(BotKind kind, const State& state, Rng& rng);

}  // namespace carc
