// Built-in bots.
#include "carc/bots.hpp"

#include "carc/search.hpp"

namespace carc {

Action choose_random(const State& state, Rng& rng) {
    std::vector<Action> actions;
    state.legal_actions(actions);
    return actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
}

namespace {

// The decider's score lead over the best opponent.
int lead(const State& s, PlayerId me) {
    int best_other = -1000000;
    for (PlayerId p = 0; p < s.game().players(); ++p)
        if (p != me) best_other = std::max(best_other, s.score(p));
    return s.score(me) - best_other;
}

// The best lead reachable by the decider's next decisions while it stays theirs (a tile
// placement followed by its follower step), one level deep per decision.
int best_outcome(const State& s, PlayerId me, int depth) {
    if (s.is_over() || s.decider() != me || depth == 0) return lead(s, me);
    std::vector<Action> actions;
    s.legal_actions(actions);
    int best = -1000000;
    for (const auto& a : actions) {
        State next = s;
        next.apply(a);
        best = std::max(best, best_outcome(next, me, depth - 1));
    }
    return best;
}

}  // namespace

Action choose_greedy(const State& state, Rng& rng) {
    std::vector<Action> actions;
    state.legal_actions(actions);
    const PlayerId me = state.decider();
    int best = -1000000;
    std::vector<Action> best_actions;
    for (const auto& a : actions) {
        State next = state;
        next.apply(a);
        // Judged only by points scored now (completed features), so ties are common and broken
        // at random: the bot takes points when it can and otherwise plays like the random one.
        const int value = best_outcome(next, me, 1);
        if (value > best) {
            best = value;
            best_actions.clear();
        }
        if (value == best) best_actions.push_back(a);
    }
    return best_actions[rng.below(static_cast<std::uint32_t>(best_actions.size()))];
}

bool is_search_bot(BotKind kind) {
    return kind == BotKind::easy || kind == BotKind::medium || kind == BotKind::hard;
}

// Calibrated in docs/bots.md: hard thinks about 2 s per decision on one idle core.
int search_iterations(BotKind kind) {
    switch (kind) {
        case BotKind::easy: return 200;
        case BotKind::medium: return 2000;
        case BotKind::hard: return 100000;
        default: return 0;
    }
}

Action choose(BotKind kind, const State& state, Rng& rng, const std::function<bool()>& stop) {
    if (is_search_bot(kind)) {
        SearchSettings settings;
        settings.iterations = search_iterations(kind);
        settings.seed = rng.next();
        settings.stop = stop;
        return search(state, settings).action;
    }
    if (kind == BotKind::beginner || kind == BotKind::apprentice || kind == BotKind::amateur)
        return choose_ladder(kind, state, rng);
    return kind == BotKind::greedy ? choose_greedy(state, rng) : choose_random(state, rng);
}

}  // namespace carc
