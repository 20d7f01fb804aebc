#pragma once
// The random-playout property tests (base, Tower, Castle, City, Count King and Cult) play
// through the one playout loop (tools/playout/random_game.hpp), each rule system's checks in
// its own Hooks; the checks they share are here.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "carc/match.hpp"
#include "random_game.hpp"

namespace carc::test {

// Every listed action applies to a copy of the state (all of them, or an even sample of about
// a dozen when there are many: listing placements is what the tests call most).
inline void check_listed_actions_apply(const State& s, const std::vector<Action>& actions) {
    const std::size_t step = actions.size() > 24 ? actions.size() / 12 : 1;
    for (std::size_t i = 0; i < actions.size(); i += step) {
        State copy = s;
        if (auto refused = copy.apply(actions[i])) FAIL(describe(actions[i]) << ": " << refused->message);
    }
}

// One random game of `config` from `seed`, its decisions drawn from `choice_seed`, the rule
// system's checks in `hooks`; no listed action may be refused.
inline std::unique_ptr<playout::RandomGame> play_random_game(const GameConfig& config,
                                                             std::uint64_t seed,
                                                             std::uint64_t choice_seed,
                                                             playout::Hooks& hooks) {
    std::string error;
    auto game = playout::random_game(MatchSetup{config, seed, {}}, choice_seed, &hooks, &error);
    INFO(error);
    REQUIRE(game);
    if (game->outcome.refused) FAIL(*game->outcome.refused);
    REQUIRE(game->end->is_over());
    return game;
}

// The action log replays from the setup to the same state, bit for bit.
inline void check_replay(const playout::RandomGame& game) {
    std::string error;
    auto replayed = Match::replay(game.start->setup(), game.log, &error);
    INFO(error);
    REQUIRE(replayed);
    REQUIRE(replayed->state().hash() == game.end->hash());
}

// The action log replays from the setup to the same state, bit for bit.
inline void check_replay(const Match& match) {
    std::string error;
    auto replayed = Match::replay(match.setup(), match.actions(), &error);
    INFO(error);
    REQUIRE(replayed);
    REQUIRE(replayed->state().hash() == match.state().hash());
}

}  // namespace carc::test
