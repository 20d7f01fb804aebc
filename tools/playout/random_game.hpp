#pragma once
// The one random-playout loop (docs/architecture.md): the property tests, the golden games,
// carc-sim playout and carc-bench all play their random games through play_random(). What
// differs between them, the checks of a rule system, a biased choice, an early stop, goes into
// a Hooks object; without hooks the loop is the bare speed loop of the benchmarks.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/match.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"

namespace carc::playout {

class Hooks {
public:
    virtual ~Hooks() = default;
    // Before each decision: stop here (the state is left as it is) when true.
    virtual bool stop(const State&) { return false; }
    // Before each decision: the state and its legal actions (never empty while the game runs).
    virtual void before(const State&, const std::vector<Action>&) {}
    // Which legal action to take: uniform over all of them unless a rule system's hook leans.
    virtual std::size_t choose(const State&, const std::vector<Action>& legal, Rng& choices) {
        return choices.below(static_cast<std::uint32_t>(legal.size()));
    }
    // Whether after() wants the events of each action (they cost time, so only on request).
    virtual bool wants_events() const { return false; }
    // After the chosen action: the action, who decided it, the new state and what happened.
    virtual void after(const Action&, PlayerId, const State&, const std::vector<Event>&) {}
};

// Leans towards the City of Carcassonne's options: where a follower may come from a quarter,
// the Count may move or a follower redeploy, one of the options other than the pass (listed
// last) is drawn, so that random games reach them; elsewhere the choice is uniform. The uniform
// draw is made at every decision all the same, so a seed's game changes only at City decisions.
class CityLean : public Hooks {
public:
    std::size_t choose(const State& state, const std::vector<Action>& legal, Rng& choices) override;
};

struct Outcome {
    std::uint64_t decisions = 0;
    // A listed action the state refused (an engine bug): the action and the reason. The loop
    // stops there.
    std::optional<std::string> refused;
};

// Plays states on until the game is over (or hooks->stop), each decision from `choices`;
// appends the chosen actions to `log` when given. One player plays many games with the same
// scratch lists (growing them anew for every game costs more than the loop itself).
class RandomPlayer {
public:
    Outcome play(State& state, Rng& choices, Hooks* hooks = nullptr,
                 std::vector<Action>* log = nullptr);

private:
    Outcome play_bare(State& state, Rng& choices, std::vector<Action>* log);
    std::vector<Action> legal_;
    std::vector<Event> events_;
};

// One game with a player of its own.
inline Outcome play_random(State& state, Rng& choices, Hooks* hooks = nullptr,
                           std::vector<Action>* log = nullptr) {
    return RandomPlayer().play(state, choices, hooks, log);
}

// A whole random game from a match setup, with its log: what tests and goldens replay.
struct RandomGame {
    std::unique_ptr<Match> start;  // the match at its start (owns the Game; its setup replays)
    std::optional<State> end;      // the state at the end (or where hooks stopped)
    std::vector<Action> log;
    Outcome outcome;
};

// Null (and `error` set) when the setup is invalid.
std::unique_ptr<RandomGame> random_game(const MatchSetup& setup, std::uint64_t choice_seed,
                                        Hooks* hooks, std::string* error);

}  // namespace carc::playout
