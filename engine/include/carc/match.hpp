#pragma once
// Match: a game with its history. It owns the Game, keeps the current State and the log of
// accepted actions, and can be rebuilt from that log (the log is the save format).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/action.hpp"
#include "carc/event.hpp"
#include "carc/game.hpp"
#include "carc/state.hpp"

namespace carc {

struct MatchSetup {
    GameConfig config;
    std::uint64_t seed = 0;
    // When not empty, tiles are drawn in exactly this order instead of a shuffle by seed.
    std::vector<TileTypeId> draw_order;
};

class Match {
public:
    // Returns nullptr and sets `error` when the configuration or draw order is invalid.
    static std::unique_ptr<Match> create(const MatchSetup& setup, std::string* error);

    // Rebuilds a match by replaying `actions`; on the first refused action returns nullptr and
    // sets `error` with the action's 1-based index and the reason.
    static std::unique_ptr<Match> replay(const MatchSetup& setup, const std::vector<Action>& actions,
                                         std::string* error);

    const MatchSetup& setup() const { return setup_; }
    const Game& game() const { return *game_; }
    std::shared_ptr<const Game> game_ptr() const { return game_; }
    const State& state() const { return state_; }
    // The accepted actions, unless keep_log(false) was called (a caller that keeps its own log).
    const std::vector<Action>& actions() const { return actions_; }
    // Whether apply() records actions; false also forgets those recorded so far.
    void keep_log(bool keep);

    std::optional<RuleError> apply(const Action& action, std::vector<Event>* events = nullptr);
    // Takes `next`, the state that applying `action` to a copy of state() gave (a caller that
    // stores an action's outcome before adopting it), so the action is applied only once.
    void adopt(const Action& action, State next);

private:
    Match(MatchSetup setup, std::shared_ptr<const Game> game, State state);
    MatchSetup setup_;
    std::shared_ptr<const Game> game_;
    State state_;
    std::vector<Action> actions_;
    bool keep_log_ = true;
};

}  // namespace carc
