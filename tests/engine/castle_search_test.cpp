// The search's evaluation of Castle positions (engine/src/search/castle_evaluation.cpp): what
// the score if the game ended now misjudges, the keep prize and features still being built.
#include <catch2/catch.hpp>

#include <cmath>

#include "carc/search.hpp"
#include "castle_scenario.hpp"

using namespace carc;
using carc::test::CastleGame;

namespace {

// The moves first, then enough courtyards that the game goes on.
std::vector<std::string> with_rest(std::vector<std::string> tiles, int rest) {
    for (int i = 0; i < rest; ++i) tiles.push_back("K-03");
    return tiles;
}

}  // namespace

TEST_CASE("castle evaluation: the keep prize is the expected final area, not today's", "[castle][search]") {
    CastleGame g(with_rest({"K-03", "K-03", "K-03", "K-21"}, 30));
    // White scores a one-tile house, her keep; black has none.
    g.play({{"K-03", 1, 3}, {"K-03", 10, 4}, {"K-03", 1, 2}, {"K-21", 10, 3, 90, "house", "NR"}});
    const State& s = g.state();
    REQUIRE(s.castle().players[1].keep_size == 1);
    REQUIRE(s.castle().players[0].keep_size == 0);
    const auto ended = s.scores_if_ended();
    const int area = largest_empty_area(s.board(), CastleBoard::instance());
    CHECK(ended[1] - ended[0] == 1 + area);  // today's 72 empty spaces go to the keep
    CHECK(area == castle_interior_spaces - 4);

    const auto value = evaluate(s);
    const double lead = value[1] - value[0];
    // At most the point scored plus half of the spaces that will stay empty, and still a lead.
    const int final_empty = castle_interior_spaces - 4 - s.tiles_left();
    CHECK(lead > 1);
    CHECK(lead <= 1 + 0.5 * final_empty);
}

TEST_CASE("castle evaluation: a knight on a tower being built is worth part of its points", "[castle][search]") {
    // K-04 at (5,13) turned 0: a one-tile tower open to the north (2 points once complete).
    auto after = [](bool knight) {
        CastleGame g(with_rest({"K-04"}, 30));
        if (knight) g.lay({"K-04", 5, 13, 0, "castle_tower", "NL"});
        else g.lay({"K-04", 5, 13, 0});
        REQUIRE_FALSE(g.state().is_over());
        return evaluate(g.state())[0];
    };
    // Black still has 5 followers in supply (only 4 count there), so the knight adds the
    // tower's 2 points times its chance of completion with 29 tiles to come: most, not all.
    const double difference = after(true) - after(false);
    CHECK(difference > 1);
    CHECK(difference < 2);
}
