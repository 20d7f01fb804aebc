#include "random_game.hpp"

namespace carc::playout {

// Without hooks: the speed loop of carc-sim playout and carc-bench, kept as lean as the loop
// it replaced (a local counter; nothing but the draw and the apply per decision).
Outcome RandomPlayer::play_bare(State& state, Rng& choices, std::vector<Action>* log) {
    Outcome outcome;
    std::vector<Action>& legal = legal_;
    std::uint64_t decisions = 0;
    Rng draws = choices;  // a local copy the compiler may keep out of memory; written back below
    while (!state.is_over()) {
        state.legal_actions(legal);
        if (legal.empty()) [[unlikely]] {
            outcome.refused = "a live game listed no legal action";
            break;
        }
        const Action& chosen = legal[draws.below(static_cast<std::uint32_t>(legal.size()))];
        if (auto refused = state.apply(chosen)) [[unlikely]] {
            outcome.refused = describe(chosen) + ": " + refused->message;
            break;
        }
        ++decisions;
        if (log) log->push_back(chosen);
    }
    outcome.decisions = decisions;
    choices = draws;
    return outcome;
}

std::size_t CityLean::choose(const State& state, const std::vector<Action>& legal, Rng& choices) {
    std::size_t chosen = Hooks::choose(state, legal, choices);
    const Phase phase = state.phase();
    const bool city_decision = phase == Phase::city_follower || phase == Phase::move_count || phase == Phase::redeploy;
    if (city_decision && legal.size() > 1) chosen = choices.below(static_cast<std::uint32_t>(legal.size() - 1));
    return chosen;
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
