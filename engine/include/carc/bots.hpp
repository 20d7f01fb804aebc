#pragma once
// Built-in players: pure functions of a State (and their own Rng, never the game's).

#include <functional>
#include <vector>

#include "carc/action.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"

namespace carc {

// easy, medium and hard are search bots (carc/search.hpp) with growing iteration budgets.
enum class BotKind : std::uint8_t { random, greedy, easy, medium, hard };
inline constexpr int bot_kind_count = 5;

// A uniformly random legal action of the decider. The state must not be over.
Action choose_random(const State& state, Rng& rng);
// The legal action with the best immediate score difference for the decider (ties broken by
// rng); tile placements are judged together with their best follower choice.
Action choose_greedy(const State& state, Rng& rng);
// Any kind; a search bot seeds its search from `rng` and also stops early when `stop` (if
// given) says so, e.g. at the caller's time limit.
Action choose(BotKind kind, const State& state, Rng& rng, const std::function<bool()>& stop = {});
bool is_search_bot(BotKind kind);
// A search bot's iteration budget (0 for the others).
int search_iterations(BotKind kind);

}  // namespace carc
