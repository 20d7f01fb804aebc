// The worked examples of The Castle's rule book (seeds/000) with exact points, on the
// reconstructed board and tiles. Player 0 is black, player 1 white.
#include <catch2/catch.hpp>

#include "castle_scenario.hpp"

using namespace carc;
using carc::test::CastleGame;

namespace {

// Tiles in the order the moves draw them, plus one spare so the game goes on.
std::vector<std::string> draw(std::vector<std::string> tiles, bool spare = true) {
    if (spare) tiles.push_back("K-03");
    return tiles;
}

}  // namespace

TEST_CASE("castle: a street of two tiles scores 2", "[castle]") {
    CastleGame g(draw({"K-03", "K-01", "K-12", "K-14"}));
    g.play({{"K-03", 1, 3},                           // beside the court starting space
            {"K-01", 1, 2},
            {"K-12", 1, 1, 0, "street", "N"},         // black herald; the street starts at the wall
            {"K-14", 2, 1, 270}});                     // ends at a house: complete
    CHECK(g.state().score(0) == 2);
    CHECK(g.state().score(1) == 0);
    CHECK(g.state().player(0).supply == castle_followers);  // the herald came back
}

TEST_CASE("castle: a street with a well over 3 tiles and a starting space scores 8", "[castle]") {
    CastleGame g(draw({"K-09", "K-08", "K-14"}));
    g.play({{"K-09", 3, 1, 0, "street", "N"},  // joins the street of starting space 06
            {"K-08", 3, 2},
            {"K-14", 3, 3}});
    CHECK(g.state().score(0) == 8);
    const auto s = g.of_type(EventType::feature_scored);
    REQUIRE(s.size() == 1);
    CHECK(s[0].tiles.size() == 4);
}

// The 2x2 block of K-12 around a tower, its streets a loop; tiles at (3..4, 7..8).
const std::vector<carc::test::CastleMove> tower_block_start = {
    {"K-08", 3, 9, 90},                        // from street starting space 78
    {"K-12", 3, 8, 0, "castle_tower", "NR"},   // white knight
    {"K-12", 4, 8, 270},
    {"K-12", 3, 7, 90},
};

TEST_CASE("castle: a tower of 4 tiles scores 8", "[castle]") {
    CastleGame g(draw({"K-08", "K-12", "K-12", "K-12", "K-12"}));
    g.play(tower_block_start);
    g.lay({"K-12", 4, 7, 180});
    CHECK(g.state().score(1) == 8);
    CHECK(g.state().score(0) == 0);
    CHECK(g.state().player(1).supply == castle_followers);
}

TEST_CASE("castle: a tower joined and completed with one knight each scores nothing", "[castle]") {
    CastleGame g(draw({"K-04", "K-01", "K-01", "K-04", "K-02"}));
    g.play({{"K-04", 5, 13, 90, "castle_tower", "EL"},   // black knight, tower facing east
            {"K-01", 5, 12},
            {"K-01", 5, 11},
            {"K-04", 6, 12, 180, "castle_tower", "SL"},  // white knight, tower facing south
            {"K-02", 6, 13}});                           // joins both in the corner: complete
    CHECK(g.state().score(0) == 0);
    CHECK(g.state().score(1) == 0);
    CHECK(g.of_type(EventType::feature_scored).empty());
    // Both knights return even though nobody scored.
    CHECK(g.state().player(0).supply == castle_followers);
    CHECK(g.state().player(1).supply == castle_followers);
}

TEST_CASE("castle: a one-tile house scores 1 and takes the keep", "[castle]") {
    CastleGame g(draw({"K-03", "K-03", "K-21"}));
    g.play({{"K-03", 1, 3}, {"K-03", 1, 2}, {"K-21", 1, 1, 0, "house", "NL"}});
    CHECK(g.state().score(0) == 1);
    CHECK(g.state().castle().players[0].keep_size == 1);
    CHECK(g.of_type(EventType::keep_placed).size() == 1);
}

TEST_CASE("castle: houses touching only at a corner are separate", "[castle]") {
    CastleGame g(draw({"K-03", "K-21", "K-21"}));
    g.play({{"K-03", 1, 3},
            {"K-21", 2, 3, 0, "house", "NL"},   // white: house in the north-west corner
            {"K-21", 1, 2, 180, "house", "SL"}}); // black: house in the south-east corner
    // The two corners meet at a point only: both are separate, neither is occupied twice.
    CHECK(g.state().feature_at(g.state().tile_at(Coord{2, 3}), 0).followers[1] == 1);
    CHECK(g.state().feature_at(g.state().tile_at(Coord{2, 3}), 0).followers[0] == 0);
}

TEST_CASE("castle: quick points, a street of one tile scores 1", "[castle]") {
    CastleGame g(draw({"K-03", "K-03", "K-14"}));
    g.play({{"K-03", 1, 3}, {"K-03", 1, 2}, {"K-14", 1, 1, 0, "street", "N"}});
    CHECK(g.state().score(0) == 1);
    CHECK(g.state().player(0).supply == castle_followers);
}

TEST_CASE("castle: quick points, a tower on the tower starting space scores 4", "[castle]") {
    CastleGame g(draw({"K-04"}));
    g.lay({"K-04", 5, 13, 180, "castle_tower", "SL"});
    CHECK(g.state().score(0) == 4);
    CHECK(g.state().player(0).supply == castle_followers);
}

TEST_CASE("castle: black scores 2, stops on 33 and takes the wall token", "[castle]") {
    std::vector<WallToken> wall(castle_token_slots, WallToken::none);
    wall[3] = WallToken::five_points;  // the tower 32/33
    CastleGame g(draw({"K-03", "K-01", "K-12", "K-14"}), wall);
    g.set_score(0, 31);
    g.play({{"K-03", 1, 3}, {"K-01", 1, 2}, {"K-12", 1, 1, 0, "street", "N"}, {"K-14", 2, 1, 270}});
    CHECK(g.state().score(0) == 33);
    CHECK(g.state().castle().players[0].tokens[static_cast<int>(WallToken::five_points)] == 1);
    CHECK((g.state().castle().towers_with_token & (1u << 3)) == 0);
    const auto taken = g.of_type(EventType::wall_token_taken);
    REQUIRE(taken.size() == 1);
    CHECK(taken[0].count == 9);
    CHECK(g.state().hidden_wall_tokens()[3] == WallToken::none);
}

TEST_CASE("castle: passing a tower takes nothing, the second lap takes", "[castle]") {
    std::vector<WallToken> wall(castle_token_slots, WallToken::none);
    wall[3] = WallToken::five_points;
    SECTION("passing") {
        CastleGame g(draw({"K-03", "K-01", "K-12", "K-14"}), wall);
        g.set_score(0, 31 + 1);  // 32 + 2 = 34: passes nothing, 34/35 is a plain wall cell
        g.play({{"K-03", 1, 3}, {"K-01", 1, 2}, {"K-12", 1, 1, 0, "street", "N"}, {"K-14", 2, 1, 270}});
        CHECK(g.state().score(0) == 34);
        CHECK(g.of_type(EventType::wall_token_taken).empty());
    }
    SECTION("second lap") {
        CastleGame g(draw({"K-03", "K-01", "K-12", "K-14"}), wall);
        g.set_score(0, 131);
        g.play({{"K-03", 1, 3}, {"K-01", 1, 2}, {"K-12", 1, 1, 0, "street", "N"}, {"K-14", 2, 1, 270}});
        CHECK(g.state().score(0) == 133);
        CHECK(g.of_type(EventType::wall_token_taken).size() == 1);
    }
}

// Court 1: starting space 94 + K-21 at (1,3), 1 market, a white merchant.
// Court 2: market starting space 20 + 3 K-03 + K-21, 5 markets, a black merchant.
const std::vector<carc::test::CastleMove> courtyards = {
    {"K-03", 8, 3, 0, "courtyard", "NL"},
    {"K-21", 1, 3, 0, "courtyard", "EL"},
    {"K-03", 9, 3},
    {"K-03", 10, 3},
    {"K-21", 10, 4},
};

TEST_CASE("castle: courtyards score 3 per market at the end: 3 and 15", "[castle]") {
    CastleGame g(draw({"K-03", "K-21", "K-03", "K-03", "K-21"}, false));
    g.play(courtyards);
    REQUIRE(g.state().is_over());
    CHECK(g.state().score(0) == 15);
    CHECK(g.state().score(1) == 3);
}

// What a follower spot shows before the end: a court is worth 3 per market.
TEST_CASE("castle: a court's worth shown before the end is 3 per market: 15", "[castle]") {
    CastleGame g(draw({"K-03", "K-21", "K-03", "K-03", "K-21"}, false));
    g.play(courtyards);
    const int placed = g.state().tile_at(Coord{10, 4});  // K-21, part of court 2
    const auto& type = g.game().tiles().at(g.state().tiles()[placed].type);
    int worth = -1;
    for (int segment = 0; segment < static_cast<int>(type.segments.size()); ++segment) {
        const FeatureInfo info = g.state().feature_at(placed, segment);
        if (info.kind == FeatureKind::courtyard) worth = info.points;
    }
    CHECK(worth == 15);
}

TEST_CASE("castle: wall token 7 makes the 5-market court worth 20", "[castle]") {
    CastleGame g(draw({"K-03", "K-21", "K-03", "K-03", "K-21"}, false));
    g.give_token(0, WallToken::market_bonus);
    g.play(courtyards);
    REQUIRE(g.state().is_over());
    CHECK(g.state().score(0) == 20);
    CHECK(g.state().score(1) == 3);
}

TEST_CASE("castle: the largest empty area of 11 spaces is worth 11", "[castle]") {
    const auto& castle = CastleBoard::instance();
    Board board(TileCatalog::instance(), &castle.mask());
    const auto filler = TileCatalog::instance().find("K-01")->index;
    // Leave rows 1-2 of columns 1-5 and the space (1,3) empty: 11 connected spaces.
    for (auto c : castle.interior()) {
        const bool top = c.y <= 2 && c.x <= 5;
        if (top || (c.x == 1 && c.y == 3)) continue;
        board.place(filler, c, 0, false);
    }
    std::vector<Coord> cells;
    CHECK(largest_empty_area(board, castle, &cells) == 11);
    CHECK(cells.size() == 11);
}

TEST_CASE("castle: placement inside the walls, beside a tile or starting space, streets matching",
          "[castle]") {
    CastleGame g(draw({"K-08", "K-03"}));
    auto& s = g.state();
    SECTION("the first tile must touch a starting space") {
        const auto refused = s.apply(Action::place_tile(Coord{4, 4}, 0));
        REQUIRE(refused);
        CHECK(refused->code == RuleErrorCode::not_adjacent);
    }
    SECTION("not on the wall") {
        const auto refused = s.apply(Action::place_tile(Coord{0, 1}, 0));
        REQUIRE(refused);
        CHECK(refused->code == RuleErrorCode::outside_board);
    }
    SECTION("a street must meet a street") {
        // Starting space 94 is a courtyard: K-08 turned east-west would put a street against it.
        const auto refused = s.apply(Action::place_tile(Coord{1, 3}, 1));
        REQUIRE(refused);
        CHECK(refused->code == RuleErrorCode::edges_mismatch);
        CHECK_FALSE(s.apply(Action::place_tile(Coord{1, 3}, 0)));  // north-south: courts face it
    }
    SECTION("every listed placement touches a starting space") {
        std::vector<Action> legal;
        s.legal_actions(legal);
        REQUIRE_FALSE(legal.empty());
        for (const auto& a : legal) {
            bool beside_start = false;
            for (const auto& start : CastleBoard::instance().starts()) beside_start |= start.faces == a.at;
            CHECK(beside_start);
        }
    }
}

TEST_CASE("castle: no merchant on a courtyard someone already holds, however far", "[castle]") {
    CastleGame g(draw({"K-03", "K-03"}));
    g.lay({"K-03", 8, 3, 0, "courtyard", "NL"});  // black merchant on the market court
    REQUIRE_FALSE(g.state().apply(Action::place_tile(Coord{9, 3}, 0)));
    const auto refused = g.state().apply(Action::place_follower(0));
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::feature_occupied);
}

TEST_CASE("castle: the keep moves from the first scored house to a larger one", "[castle]") {
    CastleGame g(draw({"K-03", "K-03", "K-21", "K-03", "K-03", "K-03", "K-21", "K-21"}));
    g.play({{"K-03", 1, 3},
            {"K-03", 1, 2},
            {"K-21", 1, 1, 0, "house", "NL"},  // black: a one-tile house shut by the wall
            {"K-03", 2, 2},
            {"K-03", 3, 2},
            {"K-03", 4, 2}});
    REQUIRE(g.state().castle().players[0].keep_size == 1);
    g.play({{"K-21", 4, 1, 90, "house", "NR"},  // black: half of a house along the north wall
            {"K-21", 5, 1, 0}});                // white closes it: two tiles
    CHECK(g.state().score(0) == 1 + 2);
    CHECK(g.state().score(1) == 0);
    CHECK(g.state().castle().players[0].keep_size == 2);
    CHECK(g.of_type(EventType::keep_placed).size() == 2);
    CHECK(g.state().castle().players[1].keep_size == 0);
}
