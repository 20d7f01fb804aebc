// Match: a game plus its action log.
#include "carc/match.hpp"

namespace carc {

Match::Match(MatchSetup setup, std::shared_ptr<const Game> game, State state)
    : setup_(std::move(setup)), game_(std::move(game)), state_(std::move(state)) {}

std::unique_ptr<Match> Match::create(const MatchSetup& setup, std::string* error) {
    auto game = Game::create(setup.config, error);
    if (!game) return nullptr;
    for (auto t : setup.draw_order) {
        if (t >= game->tiles().size()) {
            if (error) *error = "draw order names an unknown tile";
            return nullptr;
        }
    }
    State state = setup.draw_order.empty()
                      ? State::start(*game, setup.seed)
                      : State::start_with_order(*game, setup.draw_order);
    return std::unique_ptr<Match>(new Match(setup, std::move(game), std::move(state)));
}

std::unique_ptr<Match> Match::replay(const MatchSetup& setup, const std::vector<Action>& actions,
                                     std::string* error) {
    auto match = create(setup, error);
    if (!match) return nullptr;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        if (auto refused = match->apply(actions[i])) {
            if (error)
                *error = "action " + std::to_string(i + 1) + " (" + describe(actions[i]) +
                         "): " + refused->message;
            return nullptr;
        }
    }
    return match;
}

std::optional<RuleError> Match::apply(const Action& action, std::vector<Event>* events) {
    auto refused = state_.apply(action, events);
    if (!refused && keep_log_) actions_.push_back(action);
    return refused;
}

void Match::keep_log(bool keep) {
    keep_log_ = keep;
    if (!keep) actions_ = {};
}

void Match::adopt(const Action& action, State next) {
    state_ = std::move(next);
    if (keep_log_) actions_.push_back(action);
}

}  // namespace carc
