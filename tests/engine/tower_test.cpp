// The Tower (rule book seeds/002, tiles-carcassonne.md §3 and §5.2) on concrete boards.
// The start tile B-D lies at (0,0): city cap north, road west-east, field south.
// T-02 and T-03 are all-field tower tiles, B-B an all-field cloister: they fit side by side.
#include <catch2/catch.hpp>

#include "tower_table.hpp"

using namespace carc;
using carc::test::TowerTable;

namespace {

bool has_cell(const std::vector<Coord>& cells, int x, int y) {
    return std::find(cells.begin(), cells.end(), TowerTable::cell(x, y)) != cells.end();
}

// A tower foundation at (0,1) with a farmer of player 0 on it, and monks around:
//   (1,1) p1, (-1,1) p0 at distance 1; (2,1) p0 at distance 2; (0,3) p1 at distance 2 with the
//   cell (0,2) between them empty; (1,2) p1 on a diagonal; (1,3) p0 off every line.
TowerTable reach_board() {
    TowerTable t(2, {"T-02", "B-B", "B-B", "B-B", "B-B", "B-B", "B-B", "B-B", "B-B"});
    t.turn("T-02", 0, 1, 0, "field", "NL");
    t.turn("B-B", 1, 1, 0, "cloister");
    t.turn("B-B", -1, 1, 0, "cloister");
    t.turn("B-B", 1, 2, 0, "cloister");
    t.turn("B-B", 1, 3, 0, "cloister");
    t.turn("B-B", 0, 3, 0, "cloister");
    t.turn("B-B", 2, 1, 0, "cloister");
    return t;
}

}  // namespace

TEST_CASE("tower: game setup with the expansion whole or in part") {
    std::string error;
    for (auto [players, floors] : {std::pair{2, 10}, {3, 9}, {4, 7}, {5, 6}, {6, 5}}) {
        GameConfig config;
        config.players = players;
        config.expansions.tower = true;
        auto game = Game::create(config, &error);
        REQUIRE(game);
        CHECK(game->tower_floors_per_player() == floors);
        CHECK(game->pile().size() == 71 + 18);
        CHECK(State::start(*game, 1).player(players - 1).floors == floors);
    }
    GameConfig six;
    six.players = 6;
    CHECK_FALSE(Game::create(six, &error));  // six players only with The Tower
    six.expansions.tower = true;
    six.players = 7;
    CHECK_FALSE(Game::create(six, &error));

    GameConfig tiles_only;
    tiles_only.expansions.tower = true;
    tiles_only.options.tower_rules = false;
    auto game = Game::create(tiles_only, &error);
    REQUIRE(game);
    CHECK(game->pile().size() == 89);
    CHECK(game->tower_floors_per_player() == 0);

    GameConfig rules_only;
    rules_only.expansions.tower = true;
    rules_only.options.tower_tiles = false;
    game = Game::create(rules_only, &error);
    REQUIRE(game);
    CHECK(game->pile().size() == 71);
    CHECK(game->tower_floors_per_player() == 10);
}

TEST_CASE("tower: T-08's road bridge splits the fields into four but not the city") {
    const auto& tile = *TileCatalog::instance().find("T-08");
    const int city_w = tile.segment_at(0, FeatureKind::city, "W");
    CHECK(city_w >= 0);
    CHECK(city_w == tile.segment_at(0, FeatureKind::city, "E"));
    CHECK(tile.segment_at(0, FeatureKind::road, "N") == tile.segment_at(0, FeatureKind::road, "S"));
    std::vector<int> fields;
    for (const char* half : {"NL", "NR", "SL", "SR"}) {
        const int f = tile.segment_at(0, FeatureKind::field, half);
        REQUIRE(f >= 0);
        CHECK(std::find(fields.begin(), fields.end(), f) == fields.end());
        fields.push_back(f);
        CHECK((tile.segments[f].touches & (1u << city_w)) != 0);  // each touches the one city
    }
    CHECK(tile.has(FeatureKind::foundation));

    // On the board: turned a quarter, its road continues the start tile's road; two farmers
    // on the two western fields do not share a field, and one knight holds the whole city.
    TowerTable t(2, {"T-08", "B-B"});
    t.lay("T-08", 1, 0, 90);
    t.follower("field", "WL");
    const auto& state = t.state();
    const int placed = state.tile_at(TowerTable::cell(1, 0));
    const int south_west = tile.segment_at(1, FeatureKind::field, "WL");
    const int north_west = tile.segment_at(1, FeatureKind::field, "WR");
    CHECK(south_west != north_west);
    CHECK(state.feature_at(placed, south_west).followers[0] == 1);
    CHECK(state.feature_at(placed, north_west).followers[0] == 0);
    const auto city = state.feature_at(placed, tile.segment_at(1, FeatureKind::city, "N"));
    CHECK(city.kind == FeatureKind::city);
    CHECK(tile.segment_at(1, FeatureKind::city, "N") == tile.segment_at(1, FeatureKind::city, "S"));
}

TEST_CASE("tower: no follower on a bare foundation") {
    TowerTable t(2, {"T-02", "B-B"});
    t.lay("T-02", 0, 1);
    const int foundation = TileCatalog::instance().find("T-02")->segment_of_kind(FeatureKind::foundation);
    CHECK_FALSE(t.listed(Action::place_follower(foundation)));
    auto refused = t.attempt(Action::place_follower(foundation));
    REQUIRE(refused);
    CHECK(refused->code == RuleErrorCode::bad_segment);
    const auto on_top = TowerTable::at_action(ActionType::tower_follower, 0, 1);
    CHECK_FALSE(t.listed(on_top));
    refused = t.attempt(on_top);
    REQUIRE(refused);
    CHECK(refused->message.find("bare foundation") != std::string::npos);
    // A floor is fine; with nothing in reach the turn ends at once.
    t.floor(0, 1);
    CHECK(t.state().phase() == Phase::place_tile);
    CHECK(t.state().turn_player() == 1);
    CHECK(t.state().player(0).floors == 9);
    CHECK(t.state().tiles()[t.state().tile_at(TowerTable::cell(0, 1))].tower_height == 1);
}

TEST_CASE("tower: one floor reaches 5 tiles, two floors 9, gaps do not block") {
    TowerTable t = reach_board();
    // Player 1 lays anywhere and adds the first floor to the tower at (0,1).
    t.lay("B-B", -2, 1);
    t.floor(0, 1);
    REQUIRE(t.state().phase() == Phase::tower_capture);
    auto cells = t.capturable_cells();
    CHECK(cells.size() == 3);
    CHECK(has_cell(cells, 0, 1));   // the farmer on the tower's own tile
    CHECK(has_cell(cells, 1, 1));
    CHECK(has_cell(cells, -1, 1));
    auto refused = t.attempt(t.capture_action(2, 1, 0));
    REQUIRE(refused);
    CHECK(refused->message.find("out of reach") != std::string::npos);
    t.pass();

    // Player 0 adds the second floor: two tiles in every direction, whatever lies between.
    t.lay("B-B", 3, 1);
    t.floor(0, 1);
    cells = t.capturable_cells();
    CHECK(cells.size() == 5);
    CHECK(has_cell(cells, 2, 1));
    CHECK(has_cell(cells, 0, 3));    // (0,2) is empty
    CHECK_FALSE(has_cell(cells, 1, 2));  // diagonals never
    CHECK_FALSE(has_cell(cells, 1, 3));
    t.capture(0, 3, 1);
    CHECK(t.state().player(0).prisoners[1] == 1);
    CHECK(t.state().player(1).supply == 4);  // 2 monks left on the board, 1 held
    CHECK(t.count(EventType::follower_captured) == 1);
}

TEST_CASE("tower: capturing one's own follower returns it to supply") {
    TowerTable t = reach_board();
    t.turn("B-B", -2, 1);
    t.lay("B-B", 3, 1);
    t.floor(0, 1);
    const int before = t.state().player(0).supply;
    t.capture(-1, 1, 0);
    CHECK(t.state().player(0).supply == before + 1);
    for (int p = 0; p < 2; ++p) CHECK(t.state().player(p).prisoners[0] == 0);
}

TEST_CASE("tower: a farmer can be captured and its field is free again") {
    TowerTable t = reach_board();
    t.lay("B-B", -2, 1);
    t.floor(0, 1);
    t.capture(0, 1, 0);
    CHECK(t.state().player(1).prisoners[0] == 1);
    const int tower = t.state().tile_at(TowerTable::cell(0, 1));
    const int field = TileCatalog::instance().find("T-02")->segment_of_kind(FeatureKind::field);
    CHECK(t.state().feature_at(tower, field).followers[0] == 0);
}

TEST_CASE("tower: a captured knight does not score the city its captor's tile completes") {
    TowerTable t(2, {"B-G", "T-01"});
    t.turn("B-G", 0, -1, 90, "city", "N");  // player 0's knight in a city open to the north
    t.lay("T-01", 0, -2, 180);              // player 1 closes the city with a tower tile ...
    SECTION("captured first: nobody scores") {
        t.floor(0, -2);                     // ... builds on it and takes the knight
        t.capture(0, -1, 0);
        CHECK(t.state().score(0) == 0);
        CHECK(t.state().player(1).prisoners[0] == 1);
        CHECK(t.count(EventType::feature_scored) == 0);
    }
    SECTION("not captured: the knight scores 3 tiles x 2") {
        t.floor(0, -2);
        t.pass();
        CHECK(t.state().score(0) == 6);
        CHECK(t.state().player(0).supply == 7);
    }
}

TEST_CASE("tower: a follower on top closes a tower, a capture from it reopens it") {
    TowerTable t(2, {"T-02", "B-B", "T-03", "B-B", "B-B"});
    t.lay("T-02", 0, 1);
    t.floor(0, 1);
    t.lay("B-B", 1, 1);
    t.tower_follower(0, 1);
    const int tower = t.state().tile_at(TowerTable::cell(0, 1));
    CHECK_FALSE(t.state().tower_open(tower));
    CHECK(t.state().player(1).supply == 6);
    CHECK(t.state().followers()[0].spot == FollowerSpot::tower);

    t.lay("T-03", -1, 1);
    for (auto type : {ActionType::add_floor, ActionType::tower_follower}) {
        const auto closed = TowerTable::at_action(type, 0, 1);
        CHECK_FALSE(t.listed(closed));
        auto refused = t.attempt(closed);
        REQUIRE(refused);
        CHECK(refused->message.find("closed") != std::string::npos);
    }
    // A one-floor tower next to it captures the taller tower's follower.
    t.floor(-1, 1);
    t.capture(0, 1, 1);
    CHECK(t.state().tower_open(tower));
    CHECK(t.state().player(0).prisoners[1] == 1);

    t.lay("B-B", 0, 2);
    t.floor(0, 1);  // open again: the second floor
    CHECK(t.state().tiles()[tower].tower_height == 2);
}

TEST_CASE("tower: towers score nothing and followers on them stay at the end") {
    TowerTable t(2, {"T-02", "B-B"});
    t.lay("T-02", 0, 1);
    t.floor(0, 1);
    t.lay("B-B", 1, 1);
    t.tower_follower(0, 1);
    t.turn("B-B", -1, 1);  // the spare tile; the pile is empty after it
    REQUIRE(t.state().is_over());
    CHECK(t.state().score(1) == 0);
    REQUIRE(t.state().followers().size() == 1);
    CHECK(t.state().followers()[0].spot == FollowerSpot::tower);
}

TEST_CASE("tower: prisoners are exchanged at once") {
    TowerTable t(2, {"T-02", "B-B", "B-B", "B-B", "B-B"});
    t.turn("T-02", 0, 1);
    t.turn("B-B", 1, 1, 0, "cloister");
    t.turn("B-B", -1, 1, 0, "cloister");
    t.lay("B-B", 0, 2);
    t.floor(0, 1);
    t.capture(-1, 1, 0);
    CHECK(t.state().player(1).prisoners[0] == 1);
    CHECK(t.state().player(0).supply == 6);

    t.lay("B-B", 2, 1);
    t.floor(0, 1);
    t.capture(1, 1, 1);
    for (int p = 0; p < 2; ++p) {
        CHECK(t.state().player(p).prisoners[1 - p] == 0);
        CHECK(t.state().player(p).supply == 7);
    }
    REQUIRE(t.count(EventType::prisoners_exchanged) == 1);
    const auto& exchanged = t.events()[t.events().size() - 1 - 2];  // before turn start, draw
    CHECK(exchanged.type == EventType::prisoners_exchanged);
    CHECK(exchanged.player == 0);
    CHECK(exchanged.target_player == 1);
}

namespace {

// Player 0's monk at (-1,0) is taken by player 1's tower at (-1,1). With `points`, player 0
// first scores 3 for a road, so a ransom is affordable.
TowerTable prisoner_board(bool points) {
    TowerTable t(2, {"B-A", "T-02", points ? "B-W" : "B-B", "B-B", "B-B", "B-B"});
    t.turn("B-A", -1, 0, 270, "cloister");
    t.turn("T-02", -1, 1);
    if (points) t.turn("B-W", 1, 0, 0, "road", "W");
    else t.turn("B-B", -2, 1);
    t.lay("B-B", 0, 1);
    t.floor(-1, 1);
    t.capture(-1, 0, 0);
    REQUIRE(t.state().player(1).prisoners[0] == 1);
    REQUIRE(t.state().score(0) == (points ? 3 : 0));
    return t;
}

}  // namespace

TEST_CASE("tower: a ransom of 3 points, once per turn, and the follower plays at once") {
    TowerTable t = prisoner_board(true);
    REQUIRE(t.state().turn_player() == 0);
    t.ransom(1);
    CHECK(t.state().score(0) == 0);
    CHECK(t.state().score(1) == 3);
    CHECK(t.state().player(0).supply == 7);
    CHECK(t.state().player(1).prisoners[0] == 0);
    CHECK(t.state().ransom_paid());
    auto refused = t.attempt(TowerTable::ransom_action(1));
    REQUIRE(refused);
    CHECK(refused->message.find("one ransom per turn") != std::string::npos);
    t.turn("B-B", -2, 1, 0, "cloister");
    CHECK(t.state().player(0).supply == 6);
    CHECK_FALSE(t.state().ransom_paid());  // a new turn
}

TEST_CASE("tower: a ransom may not take the score below 0 and is only the owner's") {
    TowerTable t = prisoner_board(false);
    const auto before = t.state().hash();
    CHECK_FALSE(t.listed(TowerTable::ransom_action(1)));
    auto refused = t.attempt(TowerTable::ransom_action(1));
    REQUIRE(refused);
    CHECK(refused->message.find("below 0") != std::string::npos);
    CHECK(t.state().hash() == before);
    // On player 1's turn nothing of the kind is offered: player 1 holds, player 0 waits.
    t.turn("B-B", -2, 2);
    REQUIRE(t.state().turn_player() == 1);
    CHECK_FALSE(t.listed(TowerTable::ransom_action(1)));
    auto to_self = t.attempt(TowerTable::ransom_action(1));
    REQUIRE(to_self);
    CHECK(to_self->code == RuleErrorCode::not_allowed);
    CHECK(to_self->message == "player 1 cannot be paid a ransom");
    CHECK_FALSE(t.listed(TowerTable::ransom_action(0)));
    auto to_waiting = t.attempt(TowerTable::ransom_action(0));
    REQUIRE(to_waiting);
    CHECK(to_waiting->code == RuleErrorCode::not_allowed);
    CHECK(to_waiting->message == "player 0 holds none of your followers");
}

TEST_CASE("tower: ransom after laying the tile, before the follower") {
    TowerTable t = prisoner_board(true);
    t.lay("B-B", -2, 1);
    t.ransom(1);
    CHECK(t.state().phase() == Phase::place_follower);
    t.follower("cloister");
    CHECK(t.state().player(0).supply == 6);
}

TEST_CASE("tower: without its rules, tower tiles are plain tiles") {
    GameConfig config;
    config.expansions.tower = true;
    config.options.tower_rules = false;
    std::string error;
    auto game = Game::create(config, &error);
    REQUIRE(game);
    const std::vector<TileTypeId> order = {TileCatalog::instance().find("T-02")->index};
    State s = State::start_with_order(*game, order);
    REQUIRE_FALSE(s.apply(Action::place_tile(TowerTable::cell(0, 1), 0)));
    std::vector<Action> legal;
    s.legal_actions(legal);
    for (const auto& a : legal)
        CHECK((a.type == ActionType::place_follower || a.type == ActionType::pass));
    const auto floor = s.apply(TowerTable::at_action(ActionType::add_floor, 0, 1));
    REQUIRE(floor);
    CHECK(floor->code == RuleErrorCode::not_allowed);
    CHECK(floor->message == "The Tower's rules are not in play");
}
