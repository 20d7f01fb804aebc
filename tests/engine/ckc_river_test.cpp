// River II (docs/ckc.md): setup and order, where river tiles may go, the lake's extra turn,
// and the policy for a river tile that fits nowhere. The spring R2-01 lies at (0,0) with its
// river flowing east; the fork R2-02 at (1,0) sends one branch north (a left turn) and one east.
#include <catch2/catch.hpp>

#include "scenario.hpp"

using namespace carc;
using carc::test::Move;
using carc::test::Scenario;

namespace {

GameConfig river_config() {
    GameConfig config;
    config.expansions.river2 = true;
    return config;
}

Action at(int x, int y, int degrees) {
    return Action::place_tile(Coord{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)},
                              degrees / 90);
}

int count_of(const std::vector<TileTypeId>& tiles, const std::string& id) {
    const auto t = TileCatalog::instance().find(id)->index;
    return static_cast<int>(std::count(tiles.begin(), tiles.end(), t));
}

const Move fork_move{"R2-02", 1, 0, 0};

}  // namespace

TEST_CASE("river2: the spring is the start tile, the fork comes first and the lake last") {
    std::string error;
    for (bool keep : {false, true}) {
        GameConfig config = river_config();
        config.options.alt_start_keeps_start_tile = keep;
        auto game = Game::create(config, &error);
        REQUIRE(game);
        REQUIRE(game->setup().size() == 1);
        CHECK(game->tiles().at(game->setup()[0].type).id == "R2-01");
        CHECK(count_of(game->pile(), "B-D") == (keep ? 4 : 3));
        const State s = State::start(*game, 99);
        CHECK(s.tiles().size() == 1);
        CHECK(game->tiles().at(s.drawn_tile()).id == "R2-02");
        const auto order = s.hidden_pile_order();
        REQUIRE(order.size() == 9 + 1 + 71 + (keep ? 1 : 0));
        for (int i = 0; i < 9; ++i) CHECK(game->tiles().at(order[i]).set == "river2");
        CHECK(game->tiles().at(order[9]).id == "R2-03");
        for (std::size_t i = 10; i < order.size(); ++i)
            CHECK(game->tiles().at(order[i]).set == "base");
        REQUIRE(s.river_ends().size() == 1);
        CHECK(s.river_ends()[0].side == 1);  // the spring flows east
    }
}

TEST_CASE("river2: with King and Robber and the Cult their tiles join the land pile") {
    GameConfig config = river_config();
    config.expansions.king_robber = true;
    config.expansions.cult = true;
    config.expansions.tower = true;
    std::string error;
    auto game = Game::create(config, &error);
    REQUIRE(game);
    CHECK(game->pile().size() == 71 + 5 + 5 + 18);
    config.expansions.count = true;  // the City is the start then: the same land pile
    auto with_city = Game::create(config, &error);
    REQUIRE(with_city);
    CHECK(with_city->pile().size() == 71 + 5 + 5 + 18);
}

TEST_CASE("river2: a river edge may only meet a river edge") {
    Scenario b(2, {}, {"R2-02"}, river_config());
    const auto refused = b.state().check(at(0, 1, 0));  // the fork's river against a field
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::edges_mismatch);
    CHECK_FALSE(b.state().check(at(1, 0, 0)));
}

TEST_CASE("river2: a river tile must continue an open end of the river") {
    Scenario b(2, {fork_move}, {"R2-06"}, river_config());
    const auto refused = b.state().check(at(0, -1, 0));  // beside the spring, fields meet
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::river_rule);
    CHECK(refused->message.find("continue an open end") != std::string::npos);
    CHECK_FALSE(b.state().check(at(2, 0, 0)));
    std::vector<Action> legal;
    b.state().legal_actions(legal);
    CHECK(std::find(legal.begin(), legal.end(), at(0, -1, 0)) == legal.end());
    CHECK(std::find(legal.begin(), legal.end(), at(2, 0, 0)) != legal.end());
}

TEST_CASE("river2: the river may not turn the same way twice in a row") {
    SECTION("left after the fork's left arm") {
        Scenario b(2, {fork_move}, {"R2-09"}, river_config());
        const auto refused = b.state().check(at(1, -1, 0));  // flowing north, turning west
        REQUIRE(refused);
        CHECK(refused->code == RuleErrorCode::river_rule);
        CHECK(refused->message.find("left twice") != std::string::npos);
        CHECK_FALSE(b.state().check(at(1, -1, 270)));  // turning east instead
    }
    SECTION("right after a right turn: the U-turn") {
        Scenario b(2, {fork_move, {"R2-12", 1, -1, 270}}, {"R2-09"}, river_config());
        const auto refused = b.state().check(at(2, -1, 0));  // flowing east, turning south
        REQUIRE(refused);
        CHECK(refused->message.find("right twice") != std::string::npos);
        CHECK_FALSE(b.state().check(at(2, -1, 90)));  // north: a left turn
    }
    SECTION("a straight stretch keeps the branch's last turn") {
        Scenario b(2, {fork_move, {"R2-06", 1, -1, 90}}, {"R2-09"}, river_config());
        const auto again = b.state().check(at(1, -2, 0));  // left again, after the straight
        REQUIRE(again);
        CHECK(again->code == RuleErrorCode::river_rule);
        CHECK(again->message.find("left twice") != std::string::npos);
        CHECK_FALSE(b.state().check(at(1, -2, 270)));  // right
    }
}

TEST_CASE("river2: the river may not run into itself") {
    // A second fork at (1,-1) opens an end east; the east branch turns north at (2,0). Both
    // ends face (2,-1): a tile there would join them into a loop. (1,-2) is still open.
    Scenario b(2, {fork_move, {"R2-02", 1, -1, 90}, {"R2-11", 2, 0, 0}}, {"R2-09"}, river_config());
    const auto refused = b.state().check(at(2, -1, 0));
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::river_rule);
    CHECK(refused->message.find("run into itself") != std::string::npos);
    std::vector<Action> legal;
    b.state().legal_actions(legal);
    for (const auto& a : legal) CHECK_FALSE(a.at == (Coord{2, -1}));
}

TEST_CASE("river2: no follower on the river, but on the tile's other features") {
    Scenario b(2, {fork_move}, {"R2-08", "B-B"}, river_config());
    const auto& tile = *TileCatalog::instance().find("R2-08");
    REQUIRE_FALSE(b.state().apply(at(2, 0, 0)));
    const auto refused =
        b.state().check(Action::place_follower(tile.segment_of_kind(FeatureKind::river)));
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::bad_segment);
    CHECK_FALSE(b.state().check(Action::place_follower(tile.segment_of_kind(FeatureKind::city))));
    std::vector<Action> legal;
    b.state().legal_actions(legal);
    CHECK(legal.size() == 7);  // city, road, 4 fields, pass
}

TEST_CASE("river2: the lake takes no follower and gives its player another turn") {
    Scenario b(2, {fork_move}, {"R2-03", "B-E", "B-B"}, river_config());
    std::vector<Event> events;
    REQUIRE(b.state().turn_player() == 1);
    REQUIRE_FALSE(b.state().apply(at(2, 0, 0), &events));  // the lake closes the east branch
    CHECK(b.state().phase() == Phase::place_tile);
    CHECK(b.state().turn_player() == 1);
    CHECK(TileCatalog::instance().at(b.state().drawn_tile()).id == "B-E");
    CHECK(b.state().river_ends().size() == 1);
    REQUIRE_FALSE(b.state().apply(at(0, 1, 180), &events));  // the extra turn: a land tile
    REQUIRE_FALSE(b.state().apply(Action::pass(), &events));
    CHECK(b.state().turn_player() == 0);
}

TEST_CASE("river2: without the lake option the lake is an ordinary tile") {
    GameConfig config = river_config();
    config.options.lake_extra_turn = false;
    Scenario b(2, {fork_move}, {"R2-03", "B-E"}, config);
    REQUIRE_FALSE(b.state().apply(at(2, 0, 0)));
    CHECK(b.state().phase() == Phase::place_follower);
    std::vector<Action> legal;
    b.state().legal_actions(legal);
    CHECK(legal.size() == 2);  // its field, or pass
    REQUIRE_FALSE(b.state().apply(Action::pass()));
    CHECK(b.state().turn_player() == 0);
}

TEST_CASE("river2: a river tile that fits nowhere goes back above the lake while another fits") {
    // The north branch ends in the city end R2-04; a city edge south of the east end leaves
    // room only for a river tile with a city on that side.
    Scenario b(2, {fork_move, {"R2-04", 1, -1, 270}, {"B-B", 1, 1, 0}, {"B-E", 2, 1, 0}},
               {"R2-06", "R2-08", "R2-03", "B-B"}, river_config());
    CHECK(TileCatalog::instance().at(b.state().drawn_tile()).id == "R2-08");
    const auto& ev = b.events();
    CHECK(std::count_if(ev.begin(), ev.end(), [](const Event& e) {
              return e.type == EventType::tile_set_aside &&
                     TileCatalog::instance().at(e.tile).id == "R2-06";
          }) == 1);
    b.play({"R2-08", 2, 0, 180});
    CHECK(TileCatalog::instance().at(b.state().drawn_tile()).id == "R2-06");  // now it fits
    b.play({"R2-06", 3, 0, 0});
    CHECK(TileCatalog::instance().at(b.state().drawn_tile()).id == "R2-03");
}

TEST_CASE("river2: a river tile is discarded when no other river tile fits either") {
    // Neither the straight R2-06 nor the lake has a city edge for the last river end.
    Scenario b(2, {fork_move, {"R2-04", 1, -1, 270}, {"B-B", 1, 1, 0}, {"B-E", 2, 1, 0}},
               {"R2-06", "R2-03", "B-B"}, river_config());
    CHECK(TileCatalog::instance().at(b.state().drawn_tile()).id == "B-B");
    const auto& ev = b.events();
    CHECK(std::count_if(ev.begin(), ev.end(),
                        [](const Event& e) { return e.type == EventType::tile_discarded; }) == 2);
    CHECK(std::count_if(ev.begin(), ev.end(),
                        [](const Event& e) { return e.type == EventType::tile_set_aside; }) == 0);
}

TEST_CASE("river2: the fork's three arms make two river ends") {
    Scenario b(2, {fork_move}, {"B-B"}, river_config());
    REQUIRE(b.state().river_ends().size() == 2);
    int left = 0, straight = 0;
    for (const auto& e : b.state().river_ends()) {
        left += e.side == 0 && e.last_turn == 3;
        straight += e.side == 1 && e.last_turn == 0;
    }
    CHECK(left == 1);
    CHECK(straight == 1);
}

TEST_CASE("river2: the lake offers no follower choices to a client asking ahead") {
    Scenario b(2, {fork_move}, {"R2-03", "B-E"}, river_config());
    std::vector<Action> options;
    REQUIRE_FALSE(b.state().follower_options_after(at(2, 0, 0), options));
    CHECK(options.empty());
}
