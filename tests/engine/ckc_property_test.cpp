// Property tests for River II, King and Robber Baron and the Cult, alone and together and with
// The Tower: seeded random games, invariants checked after every action, replays compared.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/rng.hpp"
#include "property_support.hpp"

using namespace carc;
using carc::test::check_replay;

namespace {

struct Tally {
    int river_tiles = 0, set_aside = 0, lake_turns = 0, kings = 0, robbers = 0, challenges = 0,
        shrine_followers = 0, token_points = 0;
};

void check_followers(const State& s) {
    const int players = s.game().players();
    for (int p = 0; p < players; ++p) {
        int on_board = 0;
        for (const auto& f : s.followers()) on_board += f.owner == p;
        int held_by_others = 0;
        for (int q = 0; q < players; ++q) held_by_others += s.player(q).prisoners[p];
        REQUIRE(on_board + s.player(p).supply + held_by_others == s.game().followers_per_player());
    }
    for (const auto& f : s.followers()) {
        if (f.spot != FollowerSpot::feature) continue;
        const auto kind = s.board().kind(s.board().segment_id(f.tile, f.segment));
        REQUIRE(kind != FeatureKind::river);
        REQUIRE(kind != FeatureKind::foundation);
        // Nothing ever stands on the lake while it gives an extra turn.
        if (s.game().lake_gives_extra_turn(s.tiles()[f.tile].type)) FAIL("a follower on the lake");
    }
}

int neighbours_with(const State& s, Coord at, FeatureKind kind) {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const int i = s.tile_at(
                Coord{static_cast<std::int16_t>(at.x + dx), static_cast<std::int16_t>(at.y + dy)});
            if ((dx || dy) && i >= 0 && s.board().type_of(i).has(kind)) ++n;
        }
    return n;
}

void check_board(const State& s) {
    // Every open river end faces an empty cell; at most the fork's two are open at once.
    REQUIRE(s.river_ends().size() <= 2);
    for (const auto& e : s.river_ends()) REQUIRE(s.tile_at(step(e.at, e.side)) < 0);
    if (!s.game().cult_rules()) return;
    for (int i = 0; i < s.board().size(); ++i) {
        const auto& type = s.board().type_of(i);
        const Coord at = s.tiles()[i].at;
        if (type.has(FeatureKind::shrine))
            REQUIRE(neighbours_with(s, at, FeatureKind::cloister) <= 1);
        if (type.has(FeatureKind::cloister))
            REQUIRE(neighbours_with(s, at, FeatureKind::shrine) <= 1);
    }
}

// Count King and Cult's hooks: every listed action passes check(); after every action the
// followers are accounted for, the river and the Cult's buildings obey their limits, scores go
// down only by a ransom; the tally shows what the games exercised.
class CkcChecks : public playout::Hooks {
public:
    explicit CkcChecks(Tally& tally) : tally_(tally) {}
    void before(const State& s, const std::vector<Action>& actions) override {
        for (const auto& a : actions)
            if (auto refused = s.check(a)) FAIL(describe(a) << ": " << refused->message);
        turn_player_ = s.turn_player();
        river_tile_ = s.phase() == Phase::place_tile &&
                      s.game().tiles().at(s.drawn_tile()).has(FeatureKind::river);
        scores_.clear();
        for (int p = 0; p < s.game().players(); ++p) scores_.push_back(s.score(p));
    }
    bool wants_events() const override { return true; }
    void after(const Action& chosen, PlayerId, const State& after,
               const std::vector<Event>& events) override {
        check_followers(after);
        check_board(after);
        for (int p = 0; p < after.game().players(); ++p)
            if (chosen.type != ActionType::ransom) REQUIRE(after.score(p) >= scores_[p]);
        tally_.river_tiles += river_tile_;
        for (const auto& e : events) {
            tally_.set_aside += e.type == EventType::tile_set_aside;
            tally_.kings += e.type == EventType::token_taken && e.feature == FeatureKind::city;
            tally_.robbers += e.type == EventType::token_taken && e.feature == FeatureKind::road;
            tally_.challenges += e.type == EventType::feature_scored && !e.final && e.points == 0 &&
                                 e.detail.find("challenge") != std::string::npos;
            tally_.shrine_followers +=
                e.type == EventType::follower_placed && e.feature == FeatureKind::shrine;
            if (e.type == EventType::token_scored) tally_.token_points += e.points;
            tally_.lake_turns += e.type == EventType::turn_started && e.player == turn_player_ &&
                                 chosen.type == ActionType::place_tile;
        }
    }

private:
    Tally& tally_;
    PlayerId turn_player_ = 0;
    bool river_tile_ = false;
    std::vector<int> scores_;
};

std::unique_ptr<playout::RandomGame> play_random_game(const GameConfig& config,
                                                      std::uint64_t seed, Tally& tally) {
    CkcChecks checks(tally);
    return test::play_random_game(config, seed, seed * 7919 + 11, checks);
}

}  // namespace

TEST_CASE("ckc: random games with every mix of River II, the City, King and Robber, Cult and Tower",
          "[property][ckc]") {
    for (int mix = 1; mix < 32; ++mix) {
        GameConfig config;
        config.expansions.river2 = mix & 1;
        config.expansions.king_robber = mix & 2;
        config.expansions.cult = mix & 4;
        config.expansions.tower = mix & 8;
        config.expansions.count = mix & 16;
        config.players = 2 + mix % 4;
        INFO("mix " << mix << ", " << config.players << " players");
        Tally tally;
        for (int g = 0; g < 12; ++g) {
            auto game =
                play_random_game(config, static_cast<std::uint64_t>(mix * 1000 + g), tally);
            REQUIRE(game->end->tiles_left() == 0);
            check_replay(*game);
        }
        // The random games do exercise what is switched on.
        if (config.expansions.river2) {
            CHECK(tally.river_tiles >= 12 * 8);
            CHECK(tally.lake_turns > 0);
        }
        if (config.expansions.king_robber) {
            CHECK(tally.kings > 0);
            CHECK(tally.robbers > 0);
            CHECK(tally.token_points > 0);
        } else {
            CHECK(tally.kings + tally.robbers + tally.token_points == 0);
        }
        if (config.expansions.cult)
            CHECK(tally.shrine_followers > 0);
        else
            CHECK(tally.challenges == 0);
    }
}

// Random games rarely complete a shrine (boards stay sparse), so the challenge is checked on
// concrete boards (ckc_king_cult_test.cpp); the river's set-aside policy is common.
TEST_CASE("ckc: the river's set-aside policy happens in random games", "[property][ckc]") {
    GameConfig config;
    config.expansions.river2 = true;
    config.expansions.cult = true;
    config.players = 2;
    Tally tally;
    for (int g = 0; g < 60; ++g) {
        auto game = play_random_game(config, static_cast<std::uint64_t>(5000 + g), tally);
        check_replay(*game);
    }
    CHECK(tally.set_aside > 0);
}

TEST_CASE("ckc: without the lake option no extra turn", "[property][ckc]") {
    GameConfig config;
    config.expansions.river2 = true;
    config.options.lake_extra_turn = false;
    Tally tally;
    for (int g = 0; g < 10; ++g) {
        auto game = play_random_game(config, static_cast<std::uint64_t>(900 + g), tally);
        check_replay(*game);
    }
    CHECK(tally.lake_turns == 0);
}
