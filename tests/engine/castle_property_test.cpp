// Random Castle games: every listed action applies, followers are conserved, scores never go
// down, and replaying the log gives the same state.
#include <catch2/catch.hpp>

#include "carc/castle.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"

using namespace carc;

TEST_CASE("castle: random playouts keep the invariants and replay exactly", "[castle]") {
    GameConfig config;
    config.rules = RuleSystem::castle;
    std::string error;
    const auto game = Game::create(config, &error);
    REQUIRE(game);
    std::vector<Action> legal;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        State state = State::start(*game, seed);
        const State initial = state;
        Rng choices(seed * 7919);
        std::vector<Action> log;
        std::array<int, 2> last_scores{};
        while (!state.is_over()) {
            state.legal_actions(legal);
            REQUIRE_FALSE(legal.empty());
            for (const auto& a : legal) {
                INFO("seed " << seed << " action " << describe(a));
                REQUIRE_FALSE(state.check(a));
            }
            const Action a = legal[choices.below(static_cast<std::uint32_t>(legal.size()))];
            REQUIRE_FALSE(state.apply(a));
            log.push_back(a);
            for (int p = 0; p < 2; ++p) {
                int on_board = 0;
                for (const auto& f : state.followers())
                    if (f.owner == p) ++on_board;
                REQUIRE(on_board + state.player(p).supply == castle_followers);
                REQUIRE(state.score(p) >= last_scores[p]);
                last_scores[p] = state.score(p);
            }
        }
        State replayed = initial;
        for (const auto& a : log) REQUIRE_FALSE(replayed.apply(a));
        REQUIRE(replayed.hash() == state.hash());
        REQUIRE(replayed.score(0) == state.score(0));
    }
}

TEST_CASE("castle: the wall tokens are dealt from the seed and hidden", "[castle]") {
    GameConfig config;
    config.rules = RuleSystem::castle;
    const auto game = Game::create(config, nullptr);
    REQUIRE(game);
    const State a = State::start(*game, 1);
    const State b = State::start(*game, 1);
    CHECK(a.hidden_wall_tokens() == b.hidden_wall_tokens());
    CHECK(a.castle().towers_with_token == (1u << castle_token_slots) - 1);
    std::array<int, wall_token_kinds + 1> counts{};
    for (auto t : a.hidden_wall_tokens()) ++counts[static_cast<int>(t)];
    CHECK(counts[0] == 0);
    for (int k = 1; k <= wall_token_kinds; ++k) CHECK(counts[k] <= wall_tokens_per_kind);
}
