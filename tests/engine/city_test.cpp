// The City of Carcassonne with the Count (rule book seeds/001 "ГРАФ", tiles-carcassonne.md
// §4.4 and §5.4) on concrete boards. Player 0 is "you" (red), player 1 "blue".
#include <catch2/catch.hpp>

#include "city_table.hpp"

using namespace carc;
using carc::test::CityTable;

namespace {

constexpr PlayerId red = 0, blue = 1;

Action floor_at(int x, int y) {
    Action a;
    a.type = ActionType::add_floor;
    a.at = CityTable::cell(x, y);
    return a;
}

}  // namespace

TEST_CASE("city: the City replaces the start tile and the Count starts in the castle") {
    std::string error;
    GameConfig config;
    config.expansions.count = true;
    auto game = Game::create(config, &error);
    REQUIRE(game);
    REQUIRE(game->setup().size() == 12);
    CHECK(game->pile().size() == 71);  // the start tile stays in the box
    const State s = State::start(*game, 7);
    CHECK(s.count_quarter() == Quarter::castle);
    CHECK(game->tiles().at(s.tiles()[s.tile_at(CityTable::cell(-2, -1))].type).id == "CO-1");
    CHECK(game->tiles().at(s.tiles()[s.tile_at(CityTable::cell(0, 0))].type).id == "CO-7");
    CHECK(game->tiles().at(s.tiles()[s.tile_at(CityTable::cell(1, 1))].type).id == "CO-12");
    CHECK(s.board().open_cells().size() == 14);  // one per rim edge

    config.options.alt_start_keeps_start_tile = true;
    game = Game::create(config, &error);
    REQUIRE(game);
    CHECK(game->pile().size() == 72);

    config.expansions.tower = true;
    config.players = 6;
    CHECK(Game::create(config, &error));
    // With River II too (the publisher advises against it): the City is the start, the spring
    // lies west of it with its river flowing away, and the river tiles come first.
    config.expansions.river2 = true;
    auto both = Game::create(config, &error);
    REQUIRE(both);
    REQUIRE(both->setup().size() == 13);
    CHECK(both->tiles().at(both->setup().back().type).id == "R2-01");
    CHECK(both->setup().back().at == Coord{-3, 0});
    CHECK(both->setup().back().rotation == 2);
    State river_first = State::start(*both, 5);
    CHECK(both->tiles().at(river_first.drawn_tile()).id == "R2-02");  // the fork, west of the spring
    std::vector<Action> legal;
    river_first.legal_actions(legal);
    REQUIRE_FALSE(legal.empty());
    for (const auto& a : legal) CHECK(a.at == Coord{-4, 0});
}

TEST_CASE("city: tiles are laid against the rim, never on a cell") {
    CityTable t(2, {"B-E", "B-A"});
    auto refused = t.attempt(Action::place_tile(CityTable::cell(0, 0), 0));
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::cell_taken);
    refused = t.attempt(Action::place_tile(CityTable::cell(2, 1), 0));  // field against the city
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::edges_mismatch);
    // A city cap against CO-12's rim city completes a 2-tile city: 4 points.
    t.turn("B-E", 2, 1, 270, "city", "W");
    CHECK(t.state().score(red) == 4);
    // A road end against CO-11's stub: a 2-tile road.
    t.turn("B-A", 0, 2, 180, "road", "N");
    CHECK(t.state().score(blue) == 2);
    CHECK(t.state().phase() == Phase::place_tile);  // each scored for themself: no quarter
}

TEST_CASE("city: rule book, blue's city completed by you earns you a follower in a quarter") {
    CityTable t(2, {"B-B", "B-E", "B-E"});
    t.turn("B-B", -1, -2);
    t.turn("B-E", 2, -1, 0, "city", "N");
    t.turn("B-E", 2, -2, 180);  // completes blue's 2-tile city
    CHECK(t.state().score(blue) == 4);
    CHECK(t.state().score(red) == 0);
    REQUIRE(t.state().phase() == Phase::city_follower);
    CHECK(t.state().decider() == red);
    // Any quarter, the Count's too.
    for (int q = 0; q < quarter_count; ++q)
        CHECK(t.listed(CityTable::quarter_action(ActionType::city_follower, static_cast<Quarter>(q))));
    CHECK(t.attempt(Action::place_follower(0))->code == RuleErrorCode::wrong_phase);
    t.act(CityTable::quarter_action(ActionType::city_follower, Quarter::castle));
    CHECK(t.in_quarter(red, Quarter::castle) == 1);
    CHECK(t.state().player(red).supply == 6);
    // Then the Count may move to another quarter.
    REQUIRE(t.state().phase() == Phase::move_count);
    auto refused = t.attempt(CityTable::quarter_action(ActionType::move_count, Quarter::castle));
    REQUIRE(refused);
    CHECK(refused->message.find("already stands") != std::string::npos);
    t.act(CityTable::quarter_action(ActionType::move_count, Quarter::market));
    CHECK(t.state().count_quarter() == Quarter::market);
    CHECK(t.state().phase() == Phase::place_tile);
    CHECK(t.state().turn_player() == blue);
    CHECK(t.count(EventType::quarter_follower_placed) == 1);
    CHECK(t.count(EventType::count_moved) == 1);
}

TEST_CASE("city: no quarter when nobody else scored, and passing keeps the Count") {
    CityTable t(2, {"B-B", "B-E", "B-E", "B-E"});
    t.turn("B-B", -1, -2);
    t.turn("B-E", 2, -1, 0, "city", "N");
    t.lay("B-E", 2, -2, 180);
    t.pass();
    REQUIRE(t.state().phase() == Phase::city_follower);
    t.pass();  // declines: no follower, no Count move
    CHECK(t.state().phase() == Phase::place_tile);
    CHECK(t.state().count_quarter() == Quarter::castle);
    t.turn("B-E", 2, 1, 270);  // blue completes an empty 2-tile city: nobody scores
    CHECK(t.state().phase() == Phase::place_tile);
}

TEST_CASE("city: rule book, two followers from the blacksmith take blue's road (3 points)") {
    CityTable t(2, {"B-B", "B-U", "B-A"});
    CityRules::put_in_quarter(t.state(), red, Quarter::blacksmith);
    CityRules::put_in_quarter(t.state(), red, Quarter::blacksmith);
    CityRules::put_in_quarter(t.state(), blue, Quarter::blacksmith);
    t.turn("B-B", -1, -2);
    t.turn("B-U", 0, 2, 90, "road", "N");
    t.lay("B-A", 0, 3, 180);
    t.pass();  // completes the road CO-11, B-U, B-A
    // Blue, left of you, decides first and declines.
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == blue);
    t.pass();
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == red);
    auto refused = t.attempt(CityTable::quarter_action(ActionType::redeploy, Quarter::castle));
    REQUIRE(refused);
    CHECK(refused->message.find("blacksmith") != std::string::npos);
    t.act(CityTable::quarter_action(ActionType::redeploy, Quarter::blacksmith));
    CHECK(t.state().decider() == red);  // may move more
    t.act(CityTable::quarter_action(ActionType::redeploy, Quarter::blacksmith));
    CHECK(t.state().score(red) == 3);
    CHECK(t.state().score(blue) == 0);
    CHECK(t.in_quarter(blue, Quarter::blacksmith) == 1);  // unmoved followers stay
    CHECK(t.state().player(red).supply == 7);             // the moved ones come home after
    CHECK(t.count(EventType::follower_moved) == 2);
    CHECK(t.state().phase() == Phase::place_tile);  // you scored: no quarter follower
}

TEST_CASE("city: followers in the Count's quarter cannot leave") {
    CityTable t(2, {"B-B", "B-U", "B-A"});
    CityRules::put_in_quarter(t.state(), red, Quarter::blacksmith);
    CityRules::put_in_quarter(t.state(), red, Quarter::blacksmith);
    CityRules::set_count(t.state(), Quarter::blacksmith);
    t.turn("B-B", -1, -2);
    t.turn("B-U", 0, 2, 90, "road", "N");
    t.lay("B-A", 0, 3, 180);
    t.pass();
    // No redeployment: blue's road scores for blue alone, and you earned a quarter follower.
    CHECK(t.count(EventType::follower_moved) == 0);
    CHECK(t.state().score(blue) == 3);
    REQUIRE(t.state().phase() == Phase::city_follower);
    CHECK(t.in_quarter(red, Quarter::blacksmith) == 2);
    t.act(CityTable::quarter_action(ActionType::city_follower, Quarter::blacksmith));
    CHECK_FALSE(t.listed(CityTable::quarter_action(ActionType::move_count, Quarter::blacksmith)));
    t.act(CityTable::quarter_action(ActionType::move_count, Quarter::castle));
    CHECK(t.state().count_quarter() == Quarter::castle);
}

TEST_CASE("city: the cathedral feeds an empty completed cloister, the mover then scores") {
    // Six cloisters round the City's north rim; the last completes the one at (-1,-2).
    CityTable t(2, {"B-B", "B-B", "B-B", "B-B", "B-B", "B-B"});
    CityRules::put_in_quarter(t.state(), red, Quarter::cathedral);
    t.turn("B-B", -1, -2);
    t.turn("B-B", -2, -2);
    t.turn("B-B", 0, -2);
    t.turn("B-B", -2, -3);
    t.turn("B-B", -1, -3);
    t.lay("B-B", 0, -3);
    t.pass();
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == red);
    t.act(CityTable::quarter_action(ActionType::redeploy, Quarter::cathedral));
    CHECK(t.state().score(red) == 9);
    // Blue laid the tile, scored nothing, and red scored: blue may put a follower in.
    CHECK(t.state().phase() == Phase::city_follower);
    CHECK(t.state().decider() == blue);
    CHECK(CityRules::quarter_for(FeatureKind::shrine) == Quarter::cathedral);
    CHECK(CityRules::quarter_for(FeatureKind::cloister) == Quarter::cathedral);
    CHECK(CityRules::quarter_for(FeatureKind::city) == Quarter::castle);
    CHECK(CityRules::quarter_for(FeatureKind::road) == Quarter::blacksmith);
    CHECK(CityRules::quarter_for(FeatureKind::field) == Quarter::market);
}

TEST_CASE("city: at game end the market empties onto fields in turn order before the farms") {
    CityTable t(2, {"B-B", "B-E"}, {}, 0);
    CityRules::put_in_quarter(t.state(), red, Quarter::market);
    CityRules::put_in_quarter(t.state(), red, Quarter::market);
    CityRules::put_in_quarter(t.state(), blue, Quarter::market);
    CityRules::put_in_quarter(t.state(), blue, Quarter::castle);
    CityRules::set_count(t.state(), Quarter::market);  // the Count does not lock the market
    t.turn("B-B", -1, -2);
    t.lay("B-E", 2, 1, 270);  // an empty 2-tile city with CO-12: complete
    t.pass();
    // Blue's castle follower may join the empty completed city; blue declines.
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == blue);
    t.pass();
    // Blue moved last: red, left of blue, starts.
    REQUIRE(t.state().phase() == Phase::market_move);
    CHECK(t.state().decider() == red);
    CHECK(t.attempt(Action::pass())->code == RuleErrorCode::wrong_phase);  // must move
    Action road;
    road.type = ActionType::market_move;
    road.at = CityTable::cell(-2, -1);
    road.segment = 0;  // CO-1's road
    CHECK(t.attempt(road)->code == RuleErrorCode::bad_segment);
    t.act(t.market_action(-1, -2, "NL"));  // north belt: no city but the City
    REQUIRE(t.state().phase() == Phase::market_move);
    CHECK(t.state().decider() == blue);
    t.act(t.market_action(2, 1, "NL"));  // B-E's field: the 2-tile city
    CHECK(t.state().decider() == red);
    t.act(t.market_action(1, 0, "EL"));  // east belt: the 2-tile city and the City
    REQUIRE(t.state().is_over());
    CHECK(t.state().score(red) == 3 + 6);
    CHECK(t.state().score(blue) == 3);
    CHECK(t.in_quarter(blue, Quarter::castle) == 1);  // scores nothing, stays
    const auto farms = t.scorings(true);
    REQUIRE(farms.size() == 3);
    CHECK(farms[0].detail.find("the City of Carcassonne included") != std::string::npos);
}

TEST_CASE("city: with any-quarter redeployment at the end, the castle joins an open city") {
    for (bool market_only : {true, false}) {
        GameConfig config;
        config.options.count_market_only_at_end = market_only;
        CityTable t(2, {"B-B", "B-E"}, config, 0);
        CityRules::put_in_quarter(t.state(), red, Quarter::castle);
        CityRules::set_count(t.state(), Quarter::cathedral);
        t.turn("B-B", -1, -2);
        t.turn("B-E", 2, -1, 0, "city", "N");  // blue's open city, one tile
        if (!market_only) {
            REQUIRE(t.state().phase() == Phase::redeploy);
            CHECK(t.state().decider() == red);
            t.act(CityTable::quarter_action(ActionType::redeploy, Quarter::castle));
        }
        REQUIRE(t.state().is_over());
        CHECK(t.state().score(blue) == 1);
        CHECK(t.state().score(red) == (market_only ? 0 : 1));  // a tie scores for both
    }
}

TEST_CASE("city: a tower cannot capture followers in the City") {
    GameConfig config;
    config.expansions.tower = true;
    CityTable t(2, {"T-02", "B-B", "B-B"}, config);
    CityRules::put_in_quarter(t.state(), blue, Quarter::castle);
    t.turn("T-02", 0, -2, 0, "field", "NL");
    t.lay("B-B", -1, -2);
    t.act(floor_at(0, -2));
    REQUIRE(t.state().phase() == Phase::tower_capture);
    t.pass();
    t.lay("B-B", -2, -2);
    t.act(floor_at(0, -2));  // height 2: its column reaches (0,0), where quarter followers count
    REQUIRE(t.state().phase() == Phase::tower_capture);
    std::vector<Action> legal;
    t.state().legal_actions(legal);
    int quarter_index = -1;
    const auto followers = t.state().followers();
    for (std::size_t i = 0; i < followers.size(); ++i)
        if (followers[i].spot == FollowerSpot::quarter) quarter_index = static_cast<int>(i);
    REQUIRE(quarter_index >= 0);
    Action capture;
    capture.type = ActionType::capture;
    capture.target = static_cast<std::int16_t>(quarter_index);
    CHECK_FALSE(t.listed(capture));
    auto refused = t.attempt(capture);
    REQUIRE(refused);
    CHECK(refused->message.find("cannot be captured") != std::string::npos);
    CHECK(std::count_if(legal.begin(), legal.end(),
                        [](const Action& a) { return a.type == ActionType::capture; }) == 1);
}

TEST_CASE("city: only fields with a part on a City cell count the City as a completed city") {
    CityTable t(2, {"B-E", "B-B"}, {}, 0);
    CityRules::put_in_quarter(t.state(), blue, Quarter::market);
    // A cap on CO-9's rim city completes a 2-tile city; red's farmer on the cap's own field
    // touches that city but no City cell.
    t.lay("B-E", -2, 2, 0);
    CHECK(t.attempt(CityTable::quarter_action(ActionType::city_follower, Quarter::castle))->code ==
          RuleErrorCode::wrong_phase);
    t.follower("field", "SL");
    t.turn("B-B", -1, -2);
    REQUIRE(t.state().phase() == Phase::market_move);
    CHECK(t.state().decider() == blue);  // red, first in the round, has nobody in the market
    t.act(t.market_action(-1, 1, "SL"));  // the south-west belt: CO-9's city and the City
    REQUIRE(t.state().is_over());
    CHECK(t.state().score(red) == 3);
    CHECK(t.state().score(blue) == 6);
}

TEST_CASE("city: a tile completing a road and a cloister gets a round for each, in turn") {
    CityTable t(2, {"B-B", "B-B", "B-B", "B-B", "B-B", "B-A"});
    CityRules::put_in_quarter(t.state(), red, Quarter::blacksmith);
    CityRules::put_in_quarter(t.state(), red, Quarter::cathedral);
    CityRules::put_in_quarter(t.state(), blue, Quarter::cathedral);
    t.turn("B-B", 0, -2);
    t.turn("B-B", -1, -2);
    t.turn("B-B", -1, -3);
    t.turn("B-B", 0, -3);
    t.turn("B-B", 1, -3);
    t.lay("B-A", 1, -2, 0);  // its road ends at CO-4's stub; the cloister at (0,-2) is surrounded
    t.pass();
    // The road first: red (left of blue) moves from the blacksmith; blue has nobody there.
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == red);
    CHECK_FALSE(t.listed(CityTable::quarter_action(ActionType::redeploy, Quarter::cathedral)));
    t.act(CityTable::quarter_action(ActionType::redeploy, Quarter::blacksmith));
    CHECK(t.state().score(red) == 2);
    // Then the cloister: red declines, blue (the mover, last) moves from the cathedral.
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == red);
    t.pass();
    REQUIRE(t.state().phase() == Phase::redeploy);
    CHECK(t.state().decider() == blue);
    t.act(CityTable::quarter_action(ActionType::redeploy, Quarter::cathedral));
    CHECK(t.state().score(blue) == 9);
    CHECK(t.state().phase() == Phase::place_tile);  // blue scored: no quarter follower
    const auto scored = t.scorings(false);
    REQUIRE(scored.size() == 2);
    CHECK(scored[0].feature == FeatureKind::road);
    CHECK(scored[1].feature == FeatureKind::cloister);
    CHECK(t.in_quarter(red, Quarter::cathedral) == 1);
}
