// Random Castle games: every listed action applies, followers are conserved, scores never go
// down, and replaying the log gives the same state.
#include <catch2/catch.hpp>

#include "carc/castle.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"
#include "property_support.hpp"

using namespace carc;

namespace {

// The Castle's hooks: every listed action passes check(); after every action the followers
// are all accounted for and no score went down.
class CastleChecks : public playout::Hooks {
public:
    explicit CastleChecks(std::uint64_t seed) : seed_(seed) {}
    void before(const State& state, const std::vector<Action>& legal) override {
        for (const auto& a : legal) {
            INFO("seed " << seed_ << " action " << describe(a));
            REQUIRE_FALSE(state.check(a));
        }
    }
    void after(const Action&, PlayerId, const State& state, const std::vector<Event>&) override {
        for (int p = 0; p < 2; ++p) {
            int on_board = 0;
            for (const auto& f : state.followers())
                if (f.owner == p) ++on_board;
            REQUIRE(on_board + state.player(p).supply == castle_followers);
            REQUIRE(state.score(p) >= last_scores_[p]);
            last_scores_[p] = state.score(p);
        }
    }

private:
    std::uint64_t seed_;
    std::array<int, 2> last_scores_{};
};

}  // namespace

TEST_CASE("castle: random playouts keep the invariants and replay exactly", "[castle]") {
    GameConfig config;
    config.rules = RuleSystem::castle;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        CastleChecks checks(seed);
        auto game = test::play_random_game(config, seed, seed * 7919, checks);
        test::check_replay(*game);
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
