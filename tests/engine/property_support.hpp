#pragma once
// Checks shared by the random-playout property tests (base, Tower, City, Count King and Cult).

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "carc/match.hpp"

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

// The action log replays from the setup to the same state, bit for bit.
inline void check_replay(const Match& match) {
    std::string error;
    auto replayed = Match::replay(match.setup(), match.actions(), &error);
    INFO(error);
    REQUIRE(replayed);
    REQUIRE(replayed->state().hash() == match.state().hash());
}

}  // namespace carc::test
