#include "random_game.hpp"

namespace carc::playout {

// Without hooks: the speed loop of carc-sim playout and carc-bench.
Outcome RandomPlayer::play_bare(State& state, Rng& choices, std::vector<Action>* log) {
    Outcome outcome;
    while (!state.is_over()) {
        state.legal_actions(legal_);
        if (legal_.empty()) {
            outcome.refused = "a live game listed no legal action";
            break;
        }
        const Action& chosen = legal_[choices.below(static_cast<std::uint32_t>(legal_.size()))];
        if (auto refused = state.apply(chosen)) {
            outcome.refused = describe(chosen) + ": " + refused->message;
            break;
        }
        ++outcome.decisions;
        if (log) log->push_back(chosen);
    }
    return outcome;
}

Outcome RandomPlayer::play(State& state, Rng& choices, Hooks* hooks, std::vector<Action>* log) {
    if (!hooks) return play_bare(state, choices, log);
    Outcome outcome;
    std::vector<Event>* events = hooks->wants_events() ? &events_ : nullptr;
    while (!state.is_over()) {
        if (hooks->stop(state)) break;
        state.legal_actions(legal_);
        if (legal_.empty()) {
            outcome.refused = "a live game listed no legal action";
            break;
        }
        hooks->before(state, legal_);
        const Action chosen = legal_[hooks->choose(state, legal_, choices)];
        const PlayerId actor = state.decider();
        events_.clear();
        if (auto refused = state.apply(chosen, events)) {
            outcome.refused = describe(chosen) + ": " + refused->message;
            break;
        }
        ++outcome.decisions;
        if (log) log->push_back(chosen);
        hooks->after(chosen, actor, state, events_);
    }
    return outcome;
}

std::unique_ptr<RandomGame> random_game(const MatchSetup& setup, std::uint64_t choice_seed,
                                        Hooks* hooks, std::string* error) {
    auto game = std::make_unique<RandomGame>();
    game->start = Match::create(setup, error);
    if (!game->start) return nullptr;
    game->end.emplace(game->start->state());
    Rng choices(choice_seed);
    game->outcome = play_random(*game->end, choices, hooks, &game->log);
    return game;
}

}  // namespace carc::playout
