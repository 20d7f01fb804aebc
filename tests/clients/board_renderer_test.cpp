// The board renderer against golden text for known boards, plus the facts the golden files
// are meant to show, checked directly.

#include <catch2/catch.hpp>

#include <algorithm>

#include "board_renderer.hpp"
#include "carc/castle.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/tiles.hpp"
#include "city_scene.hpp"
#include "game_scene.hpp"
#include "golden.hpp"
#include "i18n.hpp"
#include "tile_art.hpp"

using namespace carc::term;
using carc::term::test::check_golden;
using nlohmann::json;

namespace {

const TileBook& book() {
    static const TileBook tiles(carc::protocol::catalog_to_json(carc::TileCatalog::instance())["tiles"]);
    return tiles;
}

std::string row_text(const std::vector<StyledLine>& lines, std::size_t row) { return plain_text(lines.at(row)); }

}  // namespace

TEST_CASE("the start tile: city north, road west-east, fields") {
    BoardScene scene;
    scene.tiles.push_back({{0, 0}, "B-D", 0, 0});
    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    REQUIRE(lines.size() == 3);
    CHECK(row_text(lines, 0) == "#######");
    CHECK(row_text(lines, 1) == "=======");
    CHECK(row_text(lines, 2) == ".......");
    CHECK(style_codes(lines[0]) == "ccccccc");
    CHECK(style_codes(lines[1]) == "rrrrrrr");

    // Turned a quarter clockwise the city faces east and the road runs north-south.
    BoardScene turned;
    turned.tiles.push_back({{0, 0}, "B-D", 1, 0});
    const auto t = render_board(turned, book(), fit_viewport(turned, 0));
    CHECK(row_text(t, 0) == "...|.##");
    CHECK(row_text(t, 1) == "...|###");
    CHECK(row_text(t, 2) == "...|.##");

    CHECK(check_golden("start_tile.txt", render_board(scene, book(), fit_viewport(scene, 1))) == "");
}

TEST_CASE("a road and city board with followers, legal cells and the tile being placed") {
    BoardScene scene;
    scene.tiles = {{{0, 0}, "B-D", 0, 0}, {{1, 0}, "B-V", 1, 0}, {{0, -1}, "B-E", 2, 0}, {{-1, 0}, "B-B", 0, 0},
                   {{1, -1}, "B-F", 0, 0}};
    scene.followers = {{0, {0, -1}, 0}, {1, {1, 0}, 0}, {2, {-1, 0}, 0}};
    scene.legal = {{2, 0}, {0, 1}, {-1, -1}};
    scene.cursor = BoardCoord{0, 1};
    scene.preview = SceneTile{{0, 1}, "B-U", 1, 0};
    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    // The cloister of B-B at (-1, 0) carries seat 3's follower (C) in its centre.
    CHECK(row_text(lines, 4).substr(0, 7) == "...C...");
    // The city closed by B-E (rotated to face south) over the start tile, with A's follower.
    CHECK(row_text(lines, 2).substr(7, 7) == "###A###");
    CHECK(row_text(lines, 3).substr(7, 7) == "#######");
    // Legal cells are boxes; the cursor's cell shows the preview in reverse video.
    CHECK(row_text(lines, 3).substr(21, 7) == "+-----+");
    CHECK(style_codes(lines[6]).substr(7, 7) == "FFFRFFF");
    CHECK(check_golden("road_city.txt", lines) == "");
}

TEST_CASE("The Tower: foundations, height and a follower on top, option numbers") {
    BoardScene scene;
    scene.tiles = {{{0, 0}, "B-D", 0, 0}, {{0, 1}, "T-01", 2, 3}, {{1, 0}, "T-05", 0, 0}};
    scene.followers = {{1, {0, 1}, tower_top_segment}};
    scene.marks = {{{1, 0}, tower_top_segment, '1'}};
    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    CHECK(row_text(lines, 4).substr(0, 7) == "..BT3..");  // follower B on top, height 3 after the T  // height 3, follower B on top
    CHECK(row_text(lines, 1).substr(7, 7) == "==1T===");  // option 1 by the empty foundation
    CHECK(style_codes(lines[4]).substr(3, 2) == "tt");
    CHECK(check_golden("tower.txt", lines) == "");
}

TEST_CASE("The Castle: the walled board, start spaces, tokens and the score track") {
    const carc::CastleBoard& castle = carc::CastleBoard::instance();
    const carc::TileCatalog& catalog = carc::TileCatalog::instance();
    // The walled board's layout as the view carries it (protocol/src/view.cpp).
    json wall = json::array(), interior = json::array();
    for (std::size_t k = 0; k < castle.wall().size(); ++k) {
        const auto& w = castle.wall()[k];
        const auto& slots = castle.token_towers();
        const auto slot = std::find(slots.begin(), slots.end(), static_cast<int>(k));
        wall.push_back({{"x", w.at.x}, {"y", w.at.y}, {"track", w.first_number}, {"tower", w.tower}, {"start", w.start},
                        {"slot", slot == slots.end() ? -1 : static_cast<int>(slot - slots.begin())}});
    }
    for (const auto& c : castle.interior()) interior.push_back({c.x, c.y});
    json game = {{"rules", "castle"}, {"board", json::array()},
                 {"players", {{{"score", 7}}, {{"score", 12}}}},
                 {"castle", {{"towers_with_token", {0, 1, 2, 5}}, {"board", {{"wall", wall}, {"interior", interior}}}}}};
    for (const auto& s : castle.starts())
        game["board"].push_back({{"x", s.at.x}, {"y", s.at.y}, {"tile", catalog.at(s.type).id},
                                 {"rotation", s.rotation}, {"height", 0}});
    game["board"].push_back({{"x", 3}, {"y", 1}, {"tile", "K-08"}, {"rotation", 0}, {"height", 0}});
    BoardScene scene;
    scene.tiles = scene_tiles(game);
    add_castle_wall(scene, game);
    REQUIRE(scene.wall.size() == 50);
    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    CHECK(row_text(lines, 1).substr(0, 7) == "T00/01T");  // the first corner tower
    CHECK(row_text(lines, 1).substr(7, 7) == ":02/03:");
    // Score 7 sits on the starting space carrying 06/07 (first player's marker A at column 1),
    // score 12 on the tower 12/13, which still holds a token (second player's B at column 5).
    CHECK(row_text(lines, 2).substr(3 * 7, 7) == ",A,|,,,");
    CHECK(row_text(lines, 2).substr(6 * 7, 7) == "TTT?TBT");
    CHECK(check_golden("castle.txt", lines) == "");
}

TEST_CASE("River II and shrines: water, a cloister on the river, a shrine") {
    BoardScene scene;
    scene.tiles = {{{0, 0}, "R2-06", 0, 0}, {{1, 0}, "R2-02", 3, 0}, {{-1, 0}, "R2-01", 2, 0}, {{0, 1}, "S-4", 0, 0}};
    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    CHECK(row_text(lines, 1).substr(7, 7) == "~~~M~~~");  // the cloister sits on the river
    CHECK(style_codes(lines[1]).substr(7, 7) == "wwwmwww");
    CHECK(row_text(lines, 4).substr(7, 7) == "...S...");  // the shrine, a road leaving south
    CHECK(row_text(lines, 5).substr(7, 7) == "...|...");
    CHECK(check_golden("river_shrine.txt", lines) == "");
}

TEST_CASE("fit_viewport and follow keep a cell on screen") {
    BoardScene scene;
    scene.tiles = {{{-2, 1}, "B-D", 0, 0}, {{3, -1}, "B-D", 0, 0}};
    const Viewport all = fit_viewport(scene, 1);
    CHECK(all.left == -3);
    CHECK(all.top == -2);
    CHECK(all.width == 8 * tile_width);
    CHECK(all.height == 5 * tile_height);
    Viewport small{0, 0, 3 * tile_width, 2 * tile_height};
    small = follow(small, {5, -4});
    CHECK(small.left == 3);
    CHECK(small.top == -4);
}

TEST_CASE("the City of Carcassonne: walled block, quarters with followers, the Count, redeployment, River II beside it") {
    json board = json::array();
    for (int i = 0; i < 12; ++i)
        board.push_back({{"x", -2 + i % 4}, {"y", -1 + i / 4}, {"tile", "CO-" + std::to_string(i + 1)}, {"rotation", 0}});
    board.push_back({{"x", -3}, {"y", 0}, {"tile", "R2-01"}, {"rotation", 2}});  // the spring, flowing west
    board.push_back({{"x", -4}, {"y", 0}, {"tile", "R2-06"}, {"rotation", 0}});
    board.push_back({{"x", -5}, {"y", 0}, {"tile", "R2-03"}, {"rotation", 2}});  // the lake
    board.push_back({{"x", 2}, {"y", 1}, {"tile", "B-E"}, {"rotation", 3}});     // a cap on CO-12's city
    const json game = {
        {"rules", "carcassonne"}, {"phase", "redeploy"}, {"board", board}, {"count_quarter", "blacksmith"},
        {"redeploy_onto", {{"x", 2}, {"y", 1}, {"segment", 0}, {"feature", "city"}}},
        {"followers", json::array({{{"owner", 1}, {"spot", "feature"}, {"x", 2}, {"y", 1}, {"segment", 1}},
                                   {{"owner", 0}, {"spot", "quarter"}, {"quarter", "castle"}},
                                   {{"owner", 1}, {"spot", "quarter"}, {"quarter", "market"}},
                                   {{"owner", 1}, {"spot", "quarter"}, {"quarter", "market"}}})}};
    const std::vector<json> options = {{{"type", "redeploy"}, {"quarter", "castle"}}, {{"type", "pass"}}};

    BoardScene scene;
    scene.tiles = scene_tiles(game);
    scene.followers = scene_followers(game);
    scene.city = scene_city(game, options);
    const auto mark = redeploy_mark(game, options);
    REQUIRE(scene.city);
    REQUIRE(mark);
    scene.marks.push_back(*mark);
    CHECK(scene.city->corner == BoardCoord{-2, -1});
    CHECK(scene.city->quarters[1].count);
    CHECK(scene.city->quarters[0].mark == '1');
    CHECK(scene.city->quarters[3].followers == std::vector<int>{1, 1});

    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    // Columns: x = -5 .. 2, the City from x = -2 (column 21); rows: y = -1 .. 1.
    CHECK(row_text(lines, 1).substr(21, 28) == "=T------------------------T.");  // CO-1's road west
    CHECK(row_text(lines, 2).substr(21, 28) == ".|1castle      blacksmith@|.");
    CHECK(row_text(lines, 3).substr(22, 26) == "| A                      |");
    CHECK(row_text(lines, 5).substr(22, 26) == "| cathedral   market     |");
    CHECK(row_text(lines, 6).substr(22, 26) == "|             BB         |");
    CHECK(style_codes(lines[2]).substr(46, 1) == "g");  // the Count
    // The redeployment's target: choice 1 on the city cap at (2, 1), next to its follower B.
    CHECK(row_text(lines, 7).substr(48, 8) == "###1B...");  // CO-12 east and the cap
    CHECK(row_text(lines, 4).substr(0, 7).find('~') != std::string::npos);  // the lake's water
    CHECK(check_golden("city_river2.txt", lines) == "");
}

TEST_CASE("a follower into the City and the Count: the choice numbers stand on the quarters") {
    json board = json::array();
    for (int i = 0; i < 12; ++i)
        board.push_back({{"x", -2 + i % 4}, {"y", -1 + i / 4}, {"tile", "CO-" + std::to_string(i + 1)}, {"rotation", 0}});
    json game = {{"phase", "city_follower"}, {"board", board}, {"count_quarter", "castle"}, {"followers", json::array()}};
    std::vector<json> options;
    for (const char* q : city_quarters) options.push_back({{"type", "city_follower"}, {"quarter", q}});
    options.push_back({{"type", "pass"}});
    BoardScene scene;
    scene.tiles = scene_tiles(game);
    scene.city = scene_city(game, options);
    REQUIRE(scene.city);
    const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    CHECK(row_text(lines, 2) == ".|1castle @   2blacksmith |.");
    CHECK(row_text(lines, 5) == ".|3cathedral  4market     |.");
    CHECK(city_focus(game) == BoardCoord{0, 0});  // the view turns to the City's middle
    game["phase"] = "place_tile";
    CHECK_FALSE(city_focus(game));
    CHECK_FALSE(scene_city({{"board", json::array({{{"x", 0}, {"y", 0}, {"tile", "B-D"}}})}}, options));
}

TEST_CASE("market choices on the City's own tiles never cover its quarters' names (Russian)") {
    set_language(Lang::ru);
    json board = json::array();
    for (int i = 0; i < 12; ++i)
        board.push_back({{"x", -2 + i % 4}, {"y", -1 + i / 4}, {"tile", "CO-" + std::to_string(i + 1)}, {"rotation", 0}});
    const json game = {{"phase", "market_move"}, {"board", board}, {"count_quarter", "castle"}, {"followers", json::array()}};
    const std::vector<json> options = {{{"type", "pass"}}};
    // Every field of every City tile marked in turn: its number shows, on the City's rim when
    // its place is inside the wall, and the names stay whole.
    for (int i = 0; i < 12; ++i) {
        const TileInfo* info = book().find("CO-" + std::to_string(i + 1));
        REQUIRE(info);
        for (std::size_t s = 0; s < info->segments.size(); ++s) {
            if (info->segments[s].kind != "field") continue;
            BoardScene scene;
            scene.tiles = scene_tiles(game);
            scene.city = scene_city(game, options);
            REQUIRE(scene.city);
            scene.marks.push_back({{-2 + i % 4, -1 + i / 4}, static_cast<int>(s), '2'});
            const auto lines = render_board(scene, book(), fit_viewport(scene, 0));
            std::string all;
            for (const auto& line : lines) all += plain_text(line) + "\n";
            INFO("CO-" << i + 1 << " segment " << s << "\n" << all);
            for (const char* quarter : {"дворец", "кузница", "собор", "рынок"})
                CHECK(all.find(quarter) != std::string::npos);
            CHECK(all.find('2') != std::string::npos);
        }
    }
    set_language(Lang::en);
}

TEST_CASE("a cursor where the tile does not fit, the opponents' last tiles, a new floor's number") {
    BoardScene scene;
    scene.tiles = {{{0, 0}, "B-D", 0, 0}, {{1, 0}, "T-05", 0, 2}};
    scene.cursor = BoardCoord{0, 1};
    scene.cursor_fits = false;
    scene.last_tiles = {{{1, 0}, 1}};
    scene.marks = {{{1, 0}, tower_floor_segment, '1'}, {{1, 0}, tower_top_segment, '2'}};
    auto lines = render_board(scene, book(), fit_viewport(scene, 0));
    CHECK(row_text(lines, 3).substr(0, 7) == "x-----x");
    CHECK(row_text(lines, 4).substr(0, 7) == "| no  |");
    CHECK(style_codes(lines[3]).substr(0, 7) == "ZZZZZZZ");  // the bad style, reversed
    // Seat B's last tile: its corners in B's colour; the floor mark 1, the follower mark 2, T2.
    CHECK(style_codes(lines[0]).substr(7, 1) == "1");
    CHECK(style_codes(lines[2]).substr(13, 1) == "1");
    CHECK(row_text(lines, 1).substr(7, 7).substr(1, 4) == "12T2");
    // Over a tile already there the cursor keeps the tile and crosses its corners.
    scene.cursor = BoardCoord{0, 0};
    lines = render_board(scene, book(), fit_viewport(scene, 0));
    CHECK(row_text(lines, 0).substr(0, 7) == "x#####x");
    CHECK(row_text(lines, 1).substr(0, 7) == "=======");
}
