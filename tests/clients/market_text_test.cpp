// The market move's choices in words: two fields of one tile told apart by their side of the
// tile, each with its holder, its worth and its size, in both languages.

#include <catch2/catch.hpp>

#include "carc/protocol/engine_json.hpp"
#include "carc/tiles.hpp"
#include "i18n.hpp"
#include "market_text.hpp"

using namespace carc::term;
using nlohmann::json;

namespace {

const TileBook& book() {
    static const TileBook tiles(carc::protocol::catalog_to_json(carc::TileCatalog::instance())["tiles"]);
    return tiles;
}

}  // namespace

TEST_CASE("two fields of one tile read apart, with holder, worth and size") {
    // The start tile (city north, road west-east): a field between city and road (no character
    // of its own in the tile's art, so no side), one south of the road.
    const TileInfo* start = book().find("B-D");
    REQUIRE(start);
    std::vector<int> fields;
    for (std::size_t s = 0; s < start->segments.size(); ++s)
        if (start->segments[s].kind == "field") fields.push_back(static_cast<int>(s));
    REQUIRE(fields.size() == 2);
    const json game = {{"board", json::array({{{"x", -2}, {"y", -1}, {"tile", "B-D"}, {"rotation", 0}}})}};
    const json a = {{"type", "market_move"}, {"x", -2}, {"y", -1}, {"segment", fields[0]}};
    const json b = {{"type", "market_move"}, {"x", -2}, {"y", -1}, {"segment", fields[1]}};
    const json you = {
        {"legal", json::array({a, b, {{"type", "pass"}}})},
        {"features", json::array({
             {{"actions", {0}}, {"kind", "field"}, {"points", 3}, {"followers", {0, 1}}, {"segments", {{-2, -1, fields[0]}, {-1, -1, 2}}}},
             {{"actions", {1}}, {"kind", "field"}, {"points", 0}, {"followers", {0, 0}}, {"segments", {{-2, -1, fields[1]}}}},
         })}};
    const SeatNamer name = [](int seat) { return seat == 0 ? std::string("Ada") : std::string("Весёлый Крестьянин"); };

    set_language(Lang::ru);
    CHECK(market_choice_text(a, you, game, book(), name) ==
          "перевести подданного с рынка на поле (-2,-1): у игрока Весёлый Крестьянин, 3 очка, 2 квадрата");
    CHECK(market_choice_text(b, you, game, book(), name) ==
          "перевести подданного с рынка на поле (-2,-1), юг: ничьё, 0 очков, 1 квадрат");
    set_language(Lang::en);
    CHECK(market_choice_text(a, you, game, book(), name) ==
          "move a follower from the market to the field at (-2,-1): held by Весёлый Крестьянин, 3 points, 2 tiles");
    CHECK(market_choice_text(b, you, game, book(), name) ==
          "move a follower from the market to the south field at (-2,-1): nobody's, 0 points, 1 tile");
}
