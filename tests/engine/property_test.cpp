// Property tests: thousands of seeded random games, invariants checked after every action.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/rng.hpp"

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

// Plays one random game, checking after every action; returns the match.
std::unique_ptr<Match> play_random_game(const GameConfig& config, std::uint64_t seed) {
    std::string error;
    auto match = Match::create(MatchSetup{config, seed, {}}, &error);
    REQUIRE(match);
    Rng choices(seed * 7919 + 1);
    std::vector<Action> actions;
    std::vector<int> scores(config.players, 0);
    while (!match->state().is_over()) {
        const State& s = match->state();
        s.legal_actions(actions);
        REQUIRE_FALSE(actions.empty());  // a live game always has a legal action
        // Every listed action applies (checked on copies for a sample, all for small lists).
        const std::size_t step = actions.size() > 16 ? actions.size() / 8 : 1;
        for (std::size_t i = 0; i < actions.size(); i += step) {
            State copy = s;
            const auto refused = copy.apply(actions[i]);
            if (refused) FAIL(describe(actions[i]) << ": " << refused->message);
        }
        const Action chosen = actions[choices.below(static_cast<std::uint32_t>(actions.size()))];
        REQUIRE_FALSE(match->apply(chosen));
        check_invariants(match->state(), scores);
        for (int p = 0; p < config.players; ++p) scores[p] = match->state().score(p);
    }
    return match;
}

}  // namespace

TEST_CASE("random base games keep every invariant and replay to the same hash", "[property]") {
    for (int players : {2, 3, 4, 5}) {
        const int games = players == 2 || players == 5 ? 300 : 100;
        for (int g = 0; g < games; ++g) {
            GameConfig config;
            config.players = players;
            const std::uint64_t seed = static_cast<std::uint64_t>(players * 100000 + g);
            auto match = play_random_game(config, seed);
            const auto& final_state = match->state();
            REQUIRE(final_state.tiles_left() == 0);
            for (const auto& f : final_state.followers()) {
                // Only farmers stay on the board once the game is over.
                REQUIRE(final_state.board().kind(final_state.board().segment_id(f.tile, f.segment)) ==
                        FeatureKind::field);
            }
            std::string error;
            auto replayed = Match::replay(match->setup(), match->actions(), &error);
            REQUIRE(replayed);
            REQUIRE(replayed->state().hash() == final_state.hash());
        }
    }
}

TEST_CASE("refused actions change nothing", "[property]") {
    GameConfig config;
    config.players = 3;
    std::string error;
    auto match = Match::create(MatchSetup{config, 99, {}}, &error);
    REQUIRE(match);
    Rng rng(5);
    std::vector<Action> actions;
    for (int turn = 0; turn < 40 && !match->state().is_over(); ++turn) {
        State s = match->state();
        const auto before = s.hash();
        // A selection of wrong actions for the current phase.
        for (const Action& bad :
             {Action::place_tile(Coord{100, 100}, 0), Action::place_tile(Coord{0, 0}, 1),
              Action::place_follower(11), Action::place_follower(-1)}) {
            if (!s.apply(bad)) continue;  // refused, as expected mostly
            s = match->state();           // it was legal after all: start again
        }
        REQUIRE(s.hash() == before);
        s.legal_actions(actions);
        REQUIRE_FALSE(match->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]));
    }
}

TEST_CASE("same seed and actions give the same game; another seed another pile") {
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
