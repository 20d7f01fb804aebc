// Finished games: finish_game, listing for GET /api/games and records for GET /api/games/{id}.
#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

FinishedGame finished(const std::string& id, TimeMs at, const std::string& rules) {
    FinishedGame game;
    game.game_id = id;
    game.finished_at_ms = at;
    game.rule_system = rules;
    game.engine_version = "engine-1";
    game.players = {{0, "Ada", 87, true}, {1, "Bob", 64, false}};
    game.record_json = R"({"id":")" + id + R"(","seed":"18364758544493064720","scores":[87,64]})";
    return game;
}

void start_room(Store& store, const std::string& id) {
    REQUIRE(create_room(store, sample_room(id)).ok());
    REQUIRE(store.set_room_status(id, RoomStatus::running).ok());
    REQUIRE(append_action(store, sample_action(id, 1), std::nullopt).ok());
}

}  // namespace

TEST_CASE("a finished game is listed, fetched and no longer resumed", "[storage][games]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        start_room(*store, "g1");
        start_room(*store, "still-running");
        REQUIRE(finish_game(*store, finished("g1", 5000, "carcassonne")).ok());
    }
    auto store = open_or_fail(dir.path());  // survives a restart

    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    CHECK(rooms->front().room_id == "still-running");

    auto list = store->list_finished(10, 0);
    REQUIRE(list.ok());
    REQUIRE(list->size() == 1);
    const GameSummary& summary = list->front();
    CHECK(summary.game_id == "g1");
    CHECK(summary.finished_at_ms == 5000);
    CHECK(summary.rule_system == "carcassonne");
    CHECK(summary.engine_version == "engine-1");
    REQUIRE(summary.players.size() == 2);
    CHECK(summary.players[0].name == "Ada");
    CHECK(summary.players[0].score == 87);
    CHECK(summary.players[0].winner);
    CHECK(summary.players[1].name == "Bob");
    CHECK_FALSE(summary.players[1].winner);

    auto record = store->get_game("g1");
    REQUIRE(record.ok());
    REQUIRE(record->has_value());
    CHECK(**record == finished("g1", 5000, "carcassonne").record_json);

    auto missing = store->get_game("nope");
    REQUIRE(missing.ok());
    CHECK_FALSE(missing->has_value());
}

TEST_CASE("finished games list newest first with limit and offset", "[storage][games]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    const std::vector<std::pair<std::string, TimeMs>> games = {
        {"a", 3000}, {"b", 1000}, {"c", 4000}, {"d", 2000}, {"e", 4000}};
    for (const auto& [id, at] : games) {
        start_room(*store, id);
        REQUIRE(finish_game(*store, finished(id, at, "castle")).ok());
    }
    auto ids = [&](int limit, int offset) {
        std::vector<std::string> out;
        for (const auto& game : store->list_finished(limit, offset).value()) {
            out.push_back(game.game_id);
        }
        return out;
    };
    // Ties on finished_at order by id, newest id first, so pages are stable.
    CHECK(ids(10, 0) == std::vector<std::string>{"e", "c", "a", "d", "b"});
    CHECK(ids(2, 0) == std::vector<std::string>{"e", "c"});
    CHECK(ids(2, 2) == std::vector<std::string>{"a", "d"});
    CHECK(ids(2, 4) == std::vector<std::string>{"b"});
    CHECK(ids(2, 6).empty());
    CHECK(store->list_finished(-1, 0).code() == ErrorCode::invalid_argument);
}

TEST_CASE("a game finishes once and then takes no more actions", "[storage][games]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    start_room(*store, "g1");
    REQUIRE(finish_game(*store, finished("g1", 1, "carcassonne")).ok());
    CHECK(finish_game(*store, finished("g1", 2, "carcassonne")).code() ==
          ErrorCode::already_exists);
    CHECK(append_action(*store, sample_action("g1", 2), std::nullopt).code() ==
          ErrorCode::invalid_state);
    CHECK(store->set_room_status("g1", RoomStatus::running).code() == ErrorCode::invalid_state);
    CHECK(finish_game(*store, finished("unknown", 1, "carcassonne")).code() ==
          ErrorCode::not_found);
    // The first record stays.
    CHECK(store->list_finished(10, 0).value().front().finished_at_ms == 1);
}

TEST_CASE("known_ids names every room and finished game, not a closed waiting room", "[storage][games]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    CHECK(store->known_ids().value().empty());
    start_room(*store, "r2");
    start_room(*store, "r10");
    REQUIRE(create_room(*store, sample_room("r3")).ok());
    REQUIRE(finish_game(*store, finished("r2", 1, "carcassonne")).ok());
    REQUIRE(create_room(*store, sample_room("r4")).ok());
    REQUIRE(write_one(*store, WaitingRoomWrite{sample_room("r4"), {}, true}).ok());
    CHECK(store->known_ids().value() == std::vector<std::string>{"r10", "r2", "r3"});
}
