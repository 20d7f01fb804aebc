// Property tests with the City of Carcassonne: seeded random games, with and without The
// Tower, invariants checked after every action, and the replay rebuilding the same state.
#include <catch2/catch.hpp>

#include "carc/bots.hpp"
#include "carc/match.hpp"
#include "carc/rng.hpp"
#include "property_support.hpp"
#include "city/city_rules.hpp"

using namespace carc;
using carc::test::check_listed_actions_apply;
using carc::test::check_replay;

namespace {

GameConfig city_config(int players, bool tower, bool market_only = true) {
    GameConfig config;
    config.players = players;
    config.expansions.count = true;
    config.expansions.tower = tower;
    config.options.count_market_only_at_end = market_only;
    return config;
}

int in_quarter(const State& s, PlayerId p, int q) {
    int n = 0;
    for (const auto& f : s.followers())
        n += f.spot == FollowerSpot::quarter && f.owner == p && f.quarter == q;
    return n;
}

// Every follower is on the board, in a quarter, in supply or held by a tower's owner.
void check_followers(const State& s) {
    for (int p = 0; p < s.game().players(); ++p) {
        int placed = 0;
        for (const auto& f : s.followers()) placed += f.owner == p;
        int held = 0;
        for (int q = 0; q < s.game().players(); ++q) held += s.player(q).prisoners[p];
        REQUIRE(placed + s.player(p).supply + held == s.game().followers_per_player());
    }
    for (const auto& f : s.followers()) {
        if (f.spot == FollowerSpot::quarter) {
            REQUIRE(f.quarter < quarter_count);
            continue;
        }
        if (f.spot == FollowerSpot::tower) continue;
        const auto kind = s.board().kind(s.board().segment_id(f.tile, f.segment));
        REQUIRE(kind != FeatureKind::river);
        REQUIRE(kind != FeatureKind::foundation);
        // Nobody stands on the City's cells except farmers come from the market at the end.
        if (s.game().tiles().at(s.tiles()[f.tile].type).set == "city") REQUIRE(kind == FeatureKind::field);
    }
}

// The decision at hand belongs to someone who can make it.
void check_decision(const State& s) {
    const PlayerId d = s.decider();
    switch (s.phase()) {
        case Phase::redeploy: {
            REQUIRE_FALSE(s.city().pending.empty());
            const auto q = CityRules::quarter_for(s.board().kind(s.city().pending[0].root));
            REQUIRE(q != s.count_quarter());
            REQUIRE(in_quarter(s, d, static_cast<int>(q)) > 0);
            break;
        }
        case Phase::market_move:
            REQUIRE(in_quarter(s, d, static_cast<int>(Quarter::market)) > 0);
            break;
        case Phase::city_follower:
        case Phase::move_count:
            REQUIRE(d == s.turn_player());
            break;
        case Phase::game_over:
            REQUIRE(s.city().pending.empty());
            for (int p = 0; p < s.game().players(); ++p)
                REQUIRE(in_quarter(s, static_cast<PlayerId>(p), static_cast<int>(Quarter::market)) == 0);
            break;
        default:
            break;
    }
}

struct Tally {
    int quarter_followers = 0, count_moves = 0, redeploys = 0, market_moves = 0, captures = 0;
};

// The City's hooks: every listed action applies; the City's options are taken more often
// than a uniform choice would; after every action the followers are accounted for, the decision
// belongs to someone who can make it, and scores go down only by a ransom.
class CityChecks : public playout::Hooks {
public:
    CityChecks(int players, Tally& tally) : scores_(players, 0), tally_(tally) {}
    void before(const State& s, const std::vector<Action>& actions) override {
        check_listed_actions_apply(s, actions);
    }
    std::size_t choose(const State& s, const std::vector<Action>& actions, Rng& choices) override {
        // Lean towards taking the City's options so that the random games use them.
        std::size_t chosen = choices.below(static_cast<std::uint32_t>(actions.size()));
        const bool can_pass = actions.back().type == ActionType::pass;
        if (CityRules::owns(s.phase()) && actions.size() > 1 && choices.below(4) != 0)
            chosen = choices.below(static_cast<std::uint32_t>(actions.size() - can_pass));
        return chosen;
    }
    bool wants_events() const override { return true; }
    void after(const Action& chosen, PlayerId, const State& after,
               const std::vector<Event>& events) override {
        check_followers(after);
        check_decision(after);
        for (std::size_t p = 0; p < scores_.size(); ++p) {
            const int score = after.score(static_cast<int>(p));
            if (chosen.type != ActionType::ransom) REQUIRE(score >= scores_[p]);
            scores_[p] = score;
        }
        for (const auto& e : events) {
            tally_.quarter_followers += e.type == EventType::quarter_follower_placed;
            tally_.count_moves += e.type == EventType::count_moved;
            tally_.redeploys += e.type == EventType::follower_moved && e.quarter != static_cast<int>(Quarter::market);
            tally_.market_moves += e.type == EventType::follower_moved && e.quarter == static_cast<int>(Quarter::market);
            tally_.captures += e.type == EventType::follower_captured;
        }
    }

private:
    std::vector<int> scores_;
    Tally& tally_;
};

void play_many(bool tower, bool market_only, int games) {
    const int max_players = tower ? 6 : 5;
    for (int players = 2; players <= max_players; ++players) {
        Tally tally;
        for (int g = 0; g < games; ++g) {
            const auto seed = static_cast<std::uint64_t>(players * 1000033 + g + (tower ? 500 : 0));
            CityChecks checks(players, tally);
            auto game = test::play_random_game(city_config(players, tower, market_only), seed,
                                               seed * 7919 + 5, checks);
            REQUIRE(game->end->tiles_left() == 0);
            check_replay(*game);
        }
        INFO(players << " players, tower " << tower);
        CHECK(tally.quarter_followers > 0);
        CHECK(tally.count_moves > 0);
        CHECK(tally.redeploys > 0);
        CHECK(tally.market_moves > 0);
        if (tower) CHECK(tally.captures > 0);
    }
}

}  // namespace

TEST_CASE("city: random games keep every invariant and replay exactly", "[property][city]") {
    play_many(false, true, 60);
}

TEST_CASE("city: random games with The Tower", "[property][city][tower]") {
    play_many(true, true, 60);
}

TEST_CASE("city: random games with any-quarter redeployment at the end", "[property][city]") {
    play_many(false, false, 30);
}

TEST_CASE("city: the greedy bot plays City games to the end", "[city][bots]") {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        std::string error;
        auto match = Match::create(MatchSetup{city_config(3, seed == 3), seed, {}}, &error);
        REQUIRE(match);
        Rng rng(seed);
        while (!match->state().is_over()) {
            const Action a = choose_greedy(match->state(), rng);
            REQUIRE_FALSE(match->apply(a));
            check_followers(match->state());
        }
        check_replay(*match);
    }
}
