#pragma once
// Built-in players: pure functions of a State (and their own Rng, never the game's).

#include <functional>
#include <vector>

#include "carc/action.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"

namespace carc {

// easy, medium and hard are search bots (carc/search.hpp) with growing iteration budgets;
// beginner, apprentice and amateur sit between them and the simple bots (docs/bots.md, "The
// ladder"). Appended, so the kinds' numbers never change; by strength the order is random,
// beginner, greedy, apprentice, amateur, easy, medium, hard.
enum class BotKind : std::uint8_t { random, greedy, easy, medium, hard, beginner, apprentice, amateur };
inline constexpr int bot_kind_count = 8;
// Every kind, weakest first: the order menus and the ratings list show them in.
inline constexpr BotKind bot_kinds_by_strength[] = {BotKind::random,     BotKind::beginner, BotKind::greedy,
                                                    BotKind::apprentice, BotKind::amateur,  BotKind::easy,
                                                    BotKind::medium,     BotKind::hard};

// A uniformly random legal action of the decider. The state must not be over.
Action choose_random(const State& state, Rng& rng);
// The legal action with the best immediate score difference for the decider (ties broken by
// rng); tile placements are judged together with their best follower choice.
Action choose_greedy(const State& state, Rng& rng);
// The action after which the search's evaluation (carc/search.hpp, evaluate) rates the
// decider best, a placement judged with its follower step passed; the hidden pile is
// resampled from public information first (ties broken by rng).
Action choose_evaluated(const State& state, Rng& rng);
// beginner: greedy's move with stronger_move_percent(kind) % chance, else a random one;
// apprentice and amateur: choose_evaluated's move with that chance, else greedy's.
Action choose_ladder(BotKind kind, const State& state, Rng& rng);
int stronger_move_percent(BotKind kind);
// Any kind; a search bot seeds its search from `rng` and also stops early when `stop` (if
// given) says so, e.g. at the caller's time limit.
Action choose(BotKind kind, const State& state, Rng& rng, const std::function<bool()>& stop = {});
bool is_search_bot(BotKind kind);
// A search bot's iteration budget (0 for the others).
int search_iterations(BotKind kind);

}  // namespace carc
