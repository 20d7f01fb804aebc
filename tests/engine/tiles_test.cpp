#include <catch2/catch.hpp>

#include "carc/tiles.hpp"

using namespace carc;

static int count_in_set(const char* set) {
    int n = 0;
    for (const auto& t : TileCatalog::instance().all())
        if (t.set == set) n += t.count;
    return n;
}

TEST_CASE("the catalog holds every box's tiles") {
    CHECK(count_in_set("base") == 72);
    CHECK(count_in_set("tower") == 18);
    CHECK(count_in_set("river2") == 12);
    CHECK(count_in_set("ckc") == 5);
    CHECK(count_in_set("king") == 5);
}

TEST_CASE("rotation turns edges clockwise") {
    const auto* d = TileCatalog::instance().find("B-D");
    REQUIRE(d);
    CHECK(d->edges_text(0) == "CRFR");
    CHECK(d->edges_text(1) == "RCRF");
    CHECK(d->edges_text(2) == "FRCR");
    CHECK(d->edges_text(3) == "RFRC");
}

TEST_CASE("half-edges keep their suffix under rotation") {
    const auto* d = TileCatalog::instance().find("B-D");
    // f{EL,WR} touches the city; after R90 it sits on SL and NR.
    const int field = d->port_segment[0][port_index(1, PortPart::left)];
    REQUIRE(field >= 0);
    CHECK(d->port_segment[1][port_index(2, PortPart::left)] == field);
    CHECK(d->port_segment[1][port_index(0, PortPart::right)] == field);
    CHECK(d->segments[field].touches == 1u);  // touches c1, segment 0
}

TEST_CASE("bad tile data is refused with the reason") {
    TileType t;
    CHECK(parse_tile_line("X-1 1 CFFF c1:N ; f{EL,ER}>c9", "base", t).find("unknown city") !=
          std::string::npos);
    CHECK(parse_tile_line("X-1 1 FFFF c1:N", "base", t).find("do not match") != std::string::npos);
    CHECK(parse_tile_line("X-1 1 FFFF f{NL,QQ}", "base", t).find("bad half-edge") !=
          std::string::npos);
    CHECK(parse_tile_line("X-1 1 CFFF c1:N ; f{NL}", "base", t).find("share a port") !=
          std::string::npos);
}
