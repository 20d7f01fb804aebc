// Property tests: thousands of seeded random games, invariants checked after every action.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/rng.hpp"
#include "property_support.hpp"

using namespace carc;

namespace {

int followers_on_board(const State& s, int player) {
    int n = 0;
    for (const auto& f : s.followers()) n += f.owner == player;
    return n;
}

void check_invariants(const State& s, const std::vector<int>& previous_scores) {
    const int players = s.game().players();
    for (int p = 0; p < players; ++p) {
        int held_elsewhere = 0;
        for (int q = 0; q < players; ++q) held_elsewhere += s.player(q).prisoners[p];
        const int accounted = followers_on_board(s, p) + s.player(p).supply + held_elsewhere;
        REQUIRE(accounted == s.game().followers_per_player());
        REQUIRE(s.score(p) >= previous_scores[p]);
    }
}

// The base game's hooks: every listed action applies, and after every action the followers
// are all accounted for and no score went down.
class BaseChecks : public playout::Hooks {
public:
    explicit BaseChecks(int players) : scores_(players, 0) {}
    void before(const State& s, const std::vector<Action>& legal) override {
        test::check_listed_actions_apply(s, legal);
    }
    void after(const Action&, PlayerId, const State& s, const std::vector<Event>&) override {
        check_invariants(s, scores_);
        for (std::size_t p = 0; p < scores_.size(); ++p) scores_[p] = s.score(static_cast<int>(p));
    }

private:
    std::vector<int> scores_;
};

}  // namespace

TEST_CASE("random base games keep every invariant and replay to the same hash", "[property]") {
    for (int players : {2, 3, 4, 5}) {
        const int games = players == 2 || players == 5 ? 300 : 100;
        for (int g = 0; g < games; ++g) {
            GameConfig config;
            config.players = players;
            const std::uint64_t seed = static_cast<std::uint64_t>(players * 100000 + g);
            BaseChecks checks(players);
            auto game = test::play_random_game(config, seed, seed * 7919 + 1, checks);
            const auto& final_state = *game->end;
            REQUIRE(final_state.tiles_left() == 0);
            for (const auto& f : final_state.followers()) {
                // Only farmers stay on the board once the game is over.
                REQUIRE(final_state.board().kind(final_state.board().segment_id(f.tile, f.segment)) ==
                        FeatureKind::field);
            }
            test::check_replay(*game);
        }
    }
}

// Before each of the first 40 decisions, wrong actions for the phase are refused and change
// nothing.
class RefusalChecks : public playout::Hooks {
public:
    bool stop(const State&) override { return decisions_ == 40; }
    void before(const State& current, const std::vector<Action>&) override {
        ++decisions_;
        State s = current;
        const auto before = s.hash();
        // A selection of wrong actions for the current phase.
        for (const Action& bad :
             {Action::place_tile(Coord{100, 100}, 0), Action::place_tile(Coord{0, 0}, 1),
              Action::place_follower(11), Action::place_follower(-1)}) {
            if (!s.apply(bad)) continue;  // refused, as expected mostly
            s = current;                  // it was legal after all: start again
        }
        REQUIRE(s.hash() == before);
    }
    int decisions() const { return decisions_; }

private:
    int decisions_ = 0;
};

TEST_CASE("refused actions change nothing", "[property]") {
    GameConfig config;
    config.players = 3;
    RefusalChecks checks;
    std::string error;
    auto game = playout::random_game(MatchSetup{config, 99, {}}, 5, &checks, &error);
    REQUIRE(game);
    REQUIRE_FALSE(game->outcome.refused);
    REQUIRE(checks.decisions() == 40);
}

TEST_CASE("same seed and actions give the same game, another seed another pile") {
    GameConfig config;
    config.players = 2;
    std::string error;
    auto a = Match::create(MatchSetup{config, 1234, {}}, &error);
    auto b = Match::create(MatchSetup{config, 1234, {}}, &error);
    auto c = Match::create(MatchSetup{config, 1235, {}}, &error);
    REQUIRE(a->state().hidden_pile_order() == b->state().hidden_pile_order());
    REQUIRE(a->state().hidden_pile_order() != c->state().hidden_pile_order());
    REQUIRE(a->state().hash() == b->state().hash());
    REQUIRE(a->state().drawn_tile() != no_tile);
    REQUIRE(a->state().tiles_left() == 70);  // 72 less the start tile and the drawn one
}
