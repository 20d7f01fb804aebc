// The worked examples of the base rule book (seeds/004), built as real boards.
// The start tile B-D lies at (0,0): city cap north, road west-east.
#include <catch2/catch.hpp>

#include "scenario.hpp"

using namespace carc;
using carc::test::Scenario;

TEST_CASE("a completed road of 4 tiles scores 4 for its robber") {
    Scenario b(2, {
                   {"B-U", 1, 0, 0, "road", "W"},   // red's robber
                   {"B-A", -1, 0, 270},             // the road ends at a cloister
                   {"B-W", 2, 0, 0},                // and at a junction: complete
               });
    CHECK(b.state().score(0) == 4);
    CHECK(b.state().score(1) == 0);
    CHECK(b.state().player(0).supply == 7);  // the robber came back
    const auto s = b.scorings(false);
    REQUIRE(s.size() == 1);
    CHECK(s[0].feature == FeatureKind::road);
    CHECK(s[0].tiles.size() == 4);
}

TEST_CASE("quick points: a follower placed on the road it completes scores 3 and returns") {
    Scenario b(2, {
                   {"B-A", -1, 0, 270},
                   {"B-B", -1, 1, 0},
                   {"B-W", 1, 0, 0, "road", "W"},
               });
    CHECK(b.state().score(0) == 3);
    CHECK(b.state().player(0).supply == 7);
}

TEST_CASE("a city of 3 tiles with a pennant scores 8") {
    Scenario b(2, {
                   {"B-M", 0, -1, 180, "city", "S"},
                   {"B-E", 1, -1, 270},
               });
    CHECK(b.state().score(0) == 8);
    CHECK(b.state().score(1) == 0);
}

TEST_CASE("a city of 4 tiles scores 8") {
    Scenario b(2, {
                   {"B-N", 0, -1, 180, "city", "S"},
                   {"B-N", 1, -1, 270},
                   {"B-K", 1, 0, 0},
               });
    CHECK(b.state().score(0) == 8);
}

TEST_CASE("two knights joined into one city tie and both score 10") {
    Scenario b(2, {
                   {"B-N", 0, -1, 180, "city", "S"},  // red
                   {"B-K", 1, 0, 0, "city", "N"},     // blue, a separate city for now
                   {"B-M", 1, -1, 270},               // joins them: 4 tiles + 1 pennant
               });
    CHECK(b.state().score(0) == 10);
    CHECK(b.state().score(1) == 10);
    CHECK(b.state().player(0).supply == 7);
    CHECK(b.state().player(1).supply == 7);
}

TEST_CASE("a surrounded cloister scores 9") {
    Scenario b(2, {
                   {"B-B", 0, 1, 0, "cloister"},
                   {"B-U", -1, 0, 0},
                   {"B-U", 1, 0, 0},
                   {"B-B", -1, 1, 0},
                   {"B-B", 1, 1, 0},
                   {"B-B", -1, 2, 0},
                   {"B-A", 0, 2, 0},
                   {"B-E", 1, 2, 180},
               });
    CHECK(b.state().score(0) == 9);
    CHECK(b.state().player(0).supply == 7);
}

TEST_CASE("a follower cannot join a feature already occupied elsewhere") {
    Scenario b(2, {{"B-U", 1, 0, 0, "road", "W"}}, {"B-U", "B-B"});
    // Blue lays B-U west of the start: the road already holds red's robber.
    REQUIRE_FALSE(b.state().apply(Action::place_tile(Coord{-1, 0}, 0)));
    const int road = TileCatalog::instance().find("B-U")->segment_at(0, FeatureKind::road, "W");
    const auto refused = b.state().apply(Action::place_follower(road));
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::feature_occupied);
    // The refusal changed nothing: the field is still free.
    const int field = TileCatalog::instance().find("B-U")->segment_at(0, FeatureKind::field, "NL");
    CHECK_FALSE(b.state().apply(Action::place_follower(field)));
}

TEST_CASE("final scoring: incomplete road 3, monastery 5, city 2") {
    Scenario b(4, {
                   {"B-U", 1, 0, 0, "road", "E"},          // player 0: road of 3 tiles
                   {"B-B", 0, 1, 0, "cloister"},            // player 1: monastery
                   {"B-N", 0, -1, 180, "city", "S"},        // player 2: city of 2 tiles
                   {"B-U", -1, 0, 0},
                   {"B-B", -1, 1, 0},
               },
            {});
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(0) == 3);
    CHECK(b.state().score(1) == 5);
    CHECK(b.state().score(2) == 2);
    CHECK(b.state().score(3) == 0);
}

TEST_CASE("final scoring: the majority takes an incomplete city (6), the minority nothing") {
    Scenario b(3, {
                   {"B-N", 0, -1, 180, "city", "S"},  // green
                   {"B-K", 1, 0, 0, "city", "N"},     // black
                   {"B-B", 2, 0, 0},
                   {"B-F", 2, -1, 0, "city", "W"},    // green's second knight
                   {"B-R", 1, -1, 180},               // joins them; still open to the east
               },
            {});
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(0) == 6);  // 5 tiles + 1 pennant
    CHECK(b.state().score(1) == 0);
}

// A field north of the road touching city A (the start's cap, completed by B-E above it) and
// city B (completed at (1,-1)/(1,-2)).
static std::vector<carc::test::Move> two_city_farm() {
    return {
        {"B-E", 0, -1, 180},           // completes city A
        {"B-U", 1, 0, 0, "field", "NL"},
        {"B-E", 1, -1, 0},
        {"B-E", 1, -2, 180},           // completes city B
    };
}

TEST_CASE("a farmer scores 3 per completed city beside its field: 6") {
    Scenario b(2, two_city_farm(), {});
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(1) == 6);
}

TEST_CASE("an incomplete city gives the farmer nothing: 3") {
    auto moves = two_city_farm();
    moves.pop_back();  // city B stays open
    Scenario b(2, moves, {});
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(1) == 3);
}

TEST_CASE("three completed cities beside a field: 9") {
    auto moves = two_city_farm();
    moves.push_back({"B-E", 0, -2, 0});    // city C north of the field
    moves.push_back({"B-E", 0, -3, 180});  // completes city C
    Scenario b(2, moves, {});
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(1) == 9);
}

TEST_CASE("tied farmers on a field joined later both score in full") {
    Scenario b(3,
            {
                {"B-E", 0, -1, 180, "field", "NL"},  // p0: farmer beside city A (now complete)
                {"B-U", 1, 0, 0, "field", "NL"},     // p1: farmer on the start's strip, apart
                {"B-U", -1, 0, 0},                   // p2
                {"B-E", 1, -1, 0},                   // p0: joins both fields; city B opens
                {"B-E", 1, -2, 180},                 // p1: completes city B
            },
            {});
    REQUIRE(b.state().is_over());
    CHECK(b.state().score(0) == 6);
    CHECK(b.state().score(1) == 6);
    CHECK(b.state().score(2) == 0);
    const auto farms = b.scorings(true);
    REQUIRE(farms.size() == 1);
    CHECK(farms[0].scorers.size() == 2);
    CHECK(farms[0].count == 2);
}
