// The Castle's board and tile data: the shipped reconstruction satisfies every known fact, and
// the loader names what is wrong with broken data.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "carc/castle.hpp"
#include "castle/castle_board_data.hpp"

using namespace carc;

namespace {

std::string board_text() { return std::string(detail::castle_board_text()); }

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

void require_error(const std::string& text, const std::string& fragment) {
    try {
        CastleBoard::parse(text, TileCatalog::instance());
        FAIL("no error, expected one mentioning: " << fragment);
    } catch (const std::invalid_argument& e) {
        INFO(e.what());
        CHECK(std::string(e.what()).find(fragment) != std::string::npos);
    }
}

}  // namespace

TEST_CASE("castle data: the board has every known property", "[castle]") {
    const auto& board = CastleBoard::instance();
    CHECK(board.interior().size() == 76);
    CHECK(board.wall().size() == 50);
    CHECK(board.token_towers().size() == 13);
    CHECK(board.starts().size() == 7);
    CHECK(board.wall()[0].tower);
    CHECK(board.wall()[6].tower);   // 12/13
    CHECK(board.wall()[16].tower);  // 32/33
    for (int n = 2; n <= 11; n += 2) CHECK_FALSE(board.wall()[n / 2].tower);  // 5 straight cells
    CHECK(board.token_slot_at(33) == 3);
    CHECK(board.token_slot_at(133 % 100) == 3);
    CHECK(board.token_slot_at(1) == -1);  // 0/1 holds no token
    int streets = 0, markets = 0;
    for (const auto& s : board.starts()) {
        const auto& t = TileCatalog::instance().at(s.type);
        streets += t.has(FeatureKind::street);
        for (const auto& seg : t.segments) markets += seg.shields;
    }
    CHECK(streets >= 1);
    CHECK(markets >= 1);
}

TEST_CASE("castle data: 60 tiles with streets, squares, wells, towers, houses, markets", "[castle]") {
    int tiles = 0, wells = 0, squares = 0, markets = 0, towers = 0, houses = 0;
    for (const auto& t : TileCatalog::instance().all()) {
        if (t.set != "castle") continue;
        tiles += t.count;
        bool well = false, tower = false, house = false;
        int m = 0;
        for (const auto& seg : t.segments) {
            well = well || (seg.flags & segment_flag_well);
            tower = tower || seg.kind == FeatureKind::castle_tower;
            house = house || seg.kind == FeatureKind::house;
            m += seg.shields;
        }
        wells += well * t.count;
        squares += ((t.flags & tile_flag_square) != 0) * t.count;
        markets += m * t.count;
        towers += tower * t.count;
        houses += house * t.count;
    }
    CHECK(tiles == 60);
    CHECK(wells > 0);
    CHECK(squares > 0);
    CHECK(markets > 0);
    CHECK(towers > 0);
    CHECK(houses > 0);
}

TEST_CASE("castle data: the loader names broken board data", "[castle]") {
    const std::string good = board_text();
    REQUIRE_NOTHROW(CastleBoard::parse(good, TileCatalog::instance()));
    SECTION("interior size") {
        require_error(replaced(good, "w98  .   .", "w98  -   ."), "spaces, not 76");
    }
    SECTION("track order") {
        require_error(replaced(replaced(good, "w02", "wXX"), "w04", "w02"), "bad wall cell");
    }
    SECTION("a gap in the track") {
        require_error(replaced(replaced(good, "w08 w10", "w10 w08"), "", ""), "do not touch");
    }
    SECTION("tower count") {
        require_error(replaced(good, "T12", "w12"), "corner towers");
    }
    SECTION("0/1 must be a tower") {
        require_error(replaced(good, "T00 w02", "w00 w02"), "0/1");
    }
    SECTION("a starting space without features") {
        require_error(replaced(good, "start 94 CS-COURT\n", ""), "no 'start' line");
    }
    SECTION("unknown starting-space tile") {
        require_error(replaced(good, "start 94 CS-COURT", "start 94 CS-NOPE"), "unknown tile");
    }
    SECTION("an unknown token") {
        require_error(replaced(good, "w98  .", "w98  ?"), "unknown map token");
    }
    SECTION("an open wall") {
        require_error(replaced(good, "w96  .", "-    ."), "cells, not 50");
    }
}
