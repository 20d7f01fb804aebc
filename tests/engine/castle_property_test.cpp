// Random Castle games: every listed action applies, followers are conserved, scores never go
// down, and replaying the log gives the same state.
#include <catch2/catch.hpp>

#include <algorithm>

#include "carc/bots.hpp"
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

namespace {

// After every action of a random game, a determinized copy holds on its towers only tokens
// that were never turned face up: per kind, those on the wall and those taken (the
// wall_token_taken events, whether the token is still held or played since) are at most 2.
class DeterminizeChecks : public playout::Hooks {
public:
    explicit DeterminizeChecks(std::uint64_t seed) : rng_(seed) {}
    // The greedy bot's choice (it scores, so markers reach the towers), except that a token
    // is played whenever one can be, so that many are.
    std::size_t choose(const State& state, const std::vector<Action>& legal, Rng& choices) override {
        for (std::size_t i = 0; i < legal.size(); ++i)
            if (legal[i].type == ActionType::use_token ||
                (legal[i].type == ActionType::choose_scoring && legal[i].segment > 0))
                return i;
        const Action greedy = choose_greedy(state, choices);
        return static_cast<std::size_t>(std::find(legal.begin(), legal.end(), greedy) - legal.begin());
    }
    bool wants_events() const override { return true; }
    void after(const Action&, PlayerId, const State& state, const std::vector<Event>& events) override {
        for (const auto& e : events) {
            if (e.type == EventType::wall_token_taken) ++taken_[static_cast<std::size_t>(e.count)];
            if (e.type == EventType::wall_token_used && !e.final) ++played;
        }
        if (state.is_over()) return;
        State sample = state;
        sample.determinize(rng_);
        std::array<int, wall_token_kinds + 1> on_wall{};
        const auto tokens = sample.hidden_wall_tokens();
        for (int slot = 0; slot < castle_token_slots; ++slot) {
            REQUIRE((tokens[slot] != WallToken::none) == ((state.castle().towers_with_token >> slot) & 1u));
            ++on_wall[static_cast<int>(tokens[slot])];
        }
        for (int k = 1; k <= wall_token_kinds; ++k) {
            INFO("token kind " << k);
            REQUIRE(on_wall[k] + taken_[k] <= wall_tokens_per_kind);
        }
    }
    int played = 0;  // tokens played during the game (1-3), so the test shows it saw some

private:
    Rng rng_;
    std::array<int, wall_token_kinds + 1> taken_{};
};

}  // namespace

TEST_CASE("castle: determinize never puts a token turned face up back onto the wall", "[castle][search]") {
    GameConfig config;
    config.rules = RuleSystem::castle;
    int played = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        INFO("seed " << seed);
        DeterminizeChecks checks(seed);
        test::play_random_game(config, seed, seed * 104729, checks);
        played += checks.played;
    }
    CHECK(played > 50);
}
