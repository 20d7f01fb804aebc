// The bots between the named strengths (docs/bots.md, "The ladder"): a one-step evaluation
// player, and mixtures that play a stronger bot's move with a fixed probability and a weaker
// one's otherwise, so each step of the ladder stays within reach of the next.
#include <vector>

#include "carc/bots.hpp"
#include "carc/search.hpp"

namespace carc {

Action choose_evaluated(const State& state, Rng& rng) {
    std::vector<Action> actions;
    state.legal_actions(actions);
    if (actions.size() == 1) return actions.front();
    // The hidden pile is resampled first, as the search does: passing the follower step ends
    // the turn and turns a tile over, and that tile must come from public information.
    State sample = state;
    sample.determinize(rng);
    const PlayerId me = state.decider();
    const int players = state.game().players();
    double best = -1;
    std::vector<Action> best_actions;
    for (const auto& a : actions) {
        State next = sample;
        if (next.apply(a)) continue;
        // A placement is judged with its follower step passed, so completed features score.
        if (a.type == ActionType::place_tile && next.phase() == Phase::place_follower && next.decider() == me)
            next.apply(Action::pass());
        const double value = reward(evaluate(next), players, me);
        if (value > best) {
            best = value;
            best_actions.clear();
        }
        if (value == best) best_actions.push_back(a);
    }
    if (best_actions.empty()) return actions.front();
    return best_actions[rng.below(static_cast<std::uint32_t>(best_actions.size()))];
}

namespace {

// Draws the stronger bot with `percent` % chance. The draw comes first, so both branches use
// the bot's stream the same way whichever is taken afterwards.
bool stronger_this_time(Rng& rng, int percent) {
    return static_cast<int>(rng.below(100)) < percent;
}

}  // namespace

Action choose_ladder(BotKind kind, const State& state, Rng& rng) {
    const int percent = stronger_move_percent(kind);
    const bool stronger = stronger_this_time(rng, percent);
    switch (kind) {
        case BotKind::beginner:
            return stronger ? choose_greedy(state, rng) : choose_random(state, rng);
        case BotKind::apprentice:
        case BotKind::amateur:
            return stronger ? choose_evaluated(state, rng) : choose_greedy(state, rng);
        default:
            return choose_random(state, rng);
    }
}

// Measured so that each step of the ladder is near 80% expected score (docs/bots.md).
int stronger_move_percent(BotKind kind) {
    switch (kind) {
        case BotKind::beginner: return 50;
        case BotKind::apprentice: return 35;
        case BotKind::amateur: return 75;
        default: return 0;
    }
}

}  // namespace carc
