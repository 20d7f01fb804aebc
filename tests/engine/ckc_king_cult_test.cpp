// King and Robber Baron, the Cult's shrines, and K-5's two crossing cities (docs/ckc.md), on
// concrete boards around the start tile B-D at (0,0) (city cap north, road west-east).
#include <catch2/catch.hpp>

#include "scenario.hpp"

using namespace carc;
using carc::test::Scenario;

namespace {

GameConfig with(bool king_robber, bool cult) {
    GameConfig config;
    config.expansions.king_robber = king_robber;
    config.expansions.cult = cult;
    return config;
}

std::vector<Event> of_type(const std::vector<Event>& events, EventType type) {
    std::vector<Event> out;
    for (const auto& e : events)
        if (e.type == type) out.push_back(e);
    return out;
}

Action at(int x, int y, int degrees) {
    return Action::place_tile(Coord{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)},
                              degrees / 90);
}

}  // namespace

TEST_CASE("king and robber: taken by the tile that completes a larger city or road") {
    Scenario b(2,
               {
                   {"B-E", 0, -1, 180},  // red completes the first city (2 tiles): King
                   {"B-E", 1, -1, 0},
                   {"B-E", 1, -2, 180},  // red completes another 2-tile city: no change
                   {"B-E", 2, -1, 0},
                   {"B-G", 2, -2, 90},
                   {"B-E", 2, -3, 180},  // blue completes a 3-tile city: the King moves
                   {"B-A", 1, 0, 90},    // the start road ends at a cloister
                   {"B-A", -1, 0, 270},  // blue closes it (3 tiles): Robber Baron
               },
               {}, with(true, false));
    const auto taken = of_type(b.events(), EventType::token_taken);
    REQUIRE(taken.size() == 3);
    CHECK(taken[0].player == 0);
    CHECK(taken[0].feature == FeatureKind::city);
    CHECK(taken[0].count == 2);
    CHECK(taken[1].player == 1);
    CHECK(taken[1].feature == FeatureKind::city);
    CHECK(taken[1].count == 3);
    CHECK(taken[2].player == 1);
    CHECK(taken[2].feature == FeatureKind::road);
    CHECK(taken[2].count == 3);
    REQUIRE(b.state().is_over());
    CHECK(b.state().king() == 1);
    CHECK(b.state().robber() == 1);
    // 3 completed cities and 1 completed road, whoever completed them; nobody else scored.
    const auto paid = of_type(b.events(), EventType::token_scored);
    REQUIRE(paid.size() == 2);
    CHECK(paid[0].feature == FeatureKind::city);
    CHECK(paid[0].points == 3);
    CHECK(paid[1].feature == FeatureKind::road);
    CHECK(paid[1].points == 1);
    CHECK(b.state().score(0) == 0);
    CHECK(b.state().score(1) == 4);
}

TEST_CASE("king and robber: without the expansion nobody takes them") {
    Scenario b(2, {{"B-E", 0, -1, 180}}, {}, GameConfig{});
    CHECK(b.state().king() == no_player);
    CHECK(of_type(b.events(), EventType::token_taken).empty());
    CHECK(b.state().score(0) == 0);
}

TEST_CASE("cult: the rule book's example, the shrine completed first scores 9, the monk 0") {
    Scenario b(2,
               {
                   {"S-1", 0, 1, 0, "shrine"},    // red's heretic
                   {"B-B", 1, 1, 0, "cloister"},  // blue's monk: the challenge
                   {"B-U", -1, 0, 0},
                   {"B-U", 1, 0, 0},
                   {"B-E", -1, 1, 180},
                   {"B-E", -1, 2, 0},
                   {"B-E", 0, 2, 180},
                   {"B-E", 1, 2, 180},  // completes the shrine; the monastery has 5 of 8
               },
               {"B-B"}, with(false, true));
    CHECK(b.state().score(0) == 9);
    CHECK(b.state().score(1) == 0);
    CHECK(b.state().player(0).supply == 7);
    CHECK(b.state().player(1).supply == 7);
    const auto s = b.scorings(false);
    REQUIRE(s.size() == 2);
    CHECK(s[0].feature == FeatureKind::shrine);
    CHECK(s[0].points == 9);
    CHECK(s[1].feature == FeatureKind::cloister);
    CHECK(s[1].points == 0);
    CHECK(s[1].scorers == std::vector<PlayerId>{1});
    CHECK(s[1].detail.find("lost the challenge") != std::string::npos);
}

TEST_CASE("cult: a shrine and a monastery completed by one tile both score 9") {
    Scenario b(2,
               {
                   {"S-1", 0, 1, 0, "shrine"},
                   {"B-B", 1, 1, 0, "cloister"},
                   {"B-U", -1, 0, 0},
                   {"B-U", 1, 0, 0},
                   {"B-U", 2, 0, 0},
                   {"B-E", -1, 1, 180},
                   {"B-E", -1, 2, 0},
                   {"B-E", 0, 2, 180},
                   {"B-E", 2, 1, 180},
                   {"B-E", 2, 2, 0},
                   {"B-E", 1, 2, 180},  // the last neighbour of both
               },
               {"B-B"}, with(false, true));
    CHECK(b.state().score(0) == 9);
    CHECK(b.state().score(1) == 9);
}

TEST_CASE("cult: an unresolved challenge scores as two incomplete buildings at the end") {
    Scenario b(2,
               {
                   {"S-1", 0, 1, 0, "shrine"},
                   {"B-B", 1, 1, 0, "cloister"},
                   {"B-U", -1, 0, 0},
                   {"B-U", 1, 0, 0},
                   {"B-E", -1, 1, 180},
                   {"B-E", -1, 2, 0},
                   {"B-E", 0, 2, 180},
               },
               {}, with(false, true));
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(0) == 8);  // 1 + 7 neighbours
    CHECK(b.state().score(1) == 5);  // 1 + 4 neighbours
}

TEST_CASE("cult: without an occupied partner a completed shrine just scores") {
    Scenario b(2,
               {
                   {"S-1", 0, 1, 0, "shrine"},
                   {"B-B", 1, 1, 0},  // no monk: no challenge
                   {"B-U", -1, 0, 0},
                   {"B-U", 1, 0, 0},
                   {"B-E", -1, 1, 180},
                   {"B-E", -1, 2, 0},
                   {"B-E", 0, 2, 180},
                   {"B-E", 1, 2, 180},
               },
               {"B-B"}, with(false, true));
    CHECK(b.state().score(0) == 9);
    CHECK(b.scorings(false).size() == 1);
}

TEST_CASE("cult: a shrine may not stand next to two monasteries") {
    Scenario b(2, {{"B-B", 0, 1, 0}, {"B-B", 1, 1, 0}}, {"S-1"}, with(false, true));
    const auto refused = b.state().check(at(1, 2, 0));  // next to both
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::not_allowed);
    CHECK(refused->message.find("more than one monastery") != std::string::npos);
    CHECK_FALSE(b.state().check(at(2, 1, 0)));  // next to one only
    std::vector<Action> legal;
    b.state().legal_actions(legal);
    CHECK(std::find(legal.begin(), legal.end(), at(1, 2, 0)) == legal.end());
    CHECK(std::find(legal.begin(), legal.end(), at(2, 1, 0)) != legal.end());
}

TEST_CASE("cult: a monastery may not join a shrine that already has one, nor a second shrine") {
    SECTION("second monastery") {
        Scenario b(2, {{"S-1", 0, 1, 0}, {"B-B", 1, 1, 0}}, {"B-B"}, with(false, true));
        const auto refused = b.state().check(at(-1, 1, 0));
        REQUIRE(refused);
        CHECK(refused->message.find("already has a monastery") != std::string::npos);
    }
    SECTION("second shrine") {
        Scenario b(2, {{"S-1", 0, 1, 0}, {"B-B", 1, 1, 0}}, {"S-1"}, with(false, true));
        const auto refused = b.state().check(at(2, 1, 0));
        REQUIRE(refused);
        CHECK(refused->message.find("already has a shrine") != std::string::npos);
    }
    SECTION("without the Cult monasteries are free") {
        Scenario b(2, {{"S-1", 0, 1, 0}, {"B-B", 1, 1, 0}}, {"B-B"}, with(false, false));
        CHECK_FALSE(b.state().check(at(-1, 1, 0)));
    }
}

TEST_CASE("K-5: two cities cross on one tile and stay separate features") {
    // K-5 north of the start tile: its north-south city joins the start tile's cap, its
    // west-east city is another one. B-E caps the north-south city: 3 tiles, complete.
    Scenario b(2,
               {
                   {"K-5", 0, -1, 0, "city", "W"},    // red on the west-east city
                   {"B-E", 0, -2, 180, "city", "S"},  // blue on the north-south city
               },
               {"B-B"}, with(true, false));
    const auto& k5 = *TileCatalog::instance().find("K-5");
    const int we = k5.segment_at(0, FeatureKind::city, "W");
    const int ns = k5.segment_at(0, FeatureKind::city, "N");
    REQUIRE(we >= 0);
    REQUIRE(ns >= 0);
    CHECK(we != ns);
    CHECK(k5.segment_at(0, FeatureKind::city, "E") == we);
    CHECK(k5.segment_at(0, FeatureKind::city, "S") == ns);
    const int k5_index = b.state().tile_at(Coord{0, -1});
    const auto north_south = b.state().feature_at(k5_index, ns);
    const auto west_east = b.state().feature_at(k5_index, we);
    CHECK(north_south.complete);
    CHECK(north_south.tiles == 3);
    CHECK_FALSE(west_east.complete);
    CHECK(west_east.tiles == 1);
    CHECK(west_east.followers[0] == 1);
    CHECK(b.state().score(1) == 6);  // 3 tiles x 2
    CHECK(b.state().score(0) == 0);
    CHECK(b.state().king() == 1);
}
