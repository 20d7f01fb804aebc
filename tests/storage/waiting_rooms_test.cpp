// Waiting rooms (seats taken, no game yet) stored whole with WaitingRoomWrite: created, changed,
// started over the same row, and deleted when closed. Runs on SQLite and on PostgreSQL.
#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

TokenHash token(const std::string& seed) { return TokenHash::of_token("token-" + seed); }

WaitingRoomWrite waiting(const std::string& room_id, const std::string& config, std::vector<SeatRecord> seats) {
    WaitingRoomWrite write;
    write.room = sample_room(room_id);
    write.room.config_json = config;
    write.seats = std::move(seats);
    return write;
}

const StoredRoom& only_room(const std::vector<StoredRoom>& rooms) {
    REQUIRE(rooms.size() == 1);
    return rooms.front();
}

}  // namespace

TEST_CASE("a waiting room is stored whole and each change replaces its config and seats",
          "[storage][waiting]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(write_one(*store, waiting("w1", R"({"v":1})",
                                      {{0, "Ada", token("ada"), ""}, {2, "Bot 3 (greedy)", std::nullopt, "greedy"}}))
                .ok());
    {
        auto loaded = store->load_unfinished();
        REQUIRE(loaded.ok());
        const StoredRoom& room = only_room(*loaded);
        CHECK(room.room_id == "w1");
        CHECK(room.status == RoomStatus::lobby);
        CHECK(room.config_json == R"({"v":1})");
        REQUIRE(room.seats.size() == 2);
        CHECK(room.seats[0].seat == 0);
        CHECK(room.seats[0].token_hash == token("ada"));
        CHECK(room.seats[1].seat == 2);
        CHECK(room.seats[1].bot_kind == "greedy");
        CHECK(room.actions.empty());
    }
    // Ada moved to seat 1, Bob took seat 0, the bot left.
    REQUIRE(write_one(*store, waiting("w1", R"({"v":2})", {{0, "Bob", token("bob"), ""}, {1, "Ada", token("ada"), ""}}))
                .ok());
    auto room = store->load_room("w1");
    REQUIRE(room.ok());
    REQUIRE(room->has_value());
    CHECK((*room)->config_json == R"({"v":2})");
    REQUIRE((*room)->seats.size() == 2);
    CHECK((*room)->seats[0].player_name == "Bob");
    CHECK((*room)->seats[1].player_name == "Ada");
    CHECK((*room)->seats[1].token_hash == token("ada"));
    auto ids = store->known_ids();
    REQUIRE(ids.ok());
    CHECK(*ids == std::vector<std::string>{"w1"});
}

TEST_CASE("a waiting room's game starts over the same row, which then refuses waiting writes",
          "[storage][waiting]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(write_one(*store, waiting("w1", R"({"v":1})", {{0, "Ada", token("ada"), ""}, {1, "Bob", token("bob"), ""}}))
                .ok());
    BeginGameWrite start;
    start.room = sample_room("w1");
    start.room.status = RoomStatus::running;
    start.room.config_json = R"({"game":true})";
    start.room.created_at_ms = 1'700'000'000'500;
    start.seats = {{0, "Ada", token("ada"), ""}, {1, "Bot 2 (random)", std::nullopt, "random"}};
    start.initial = {0, 77};
    REQUIRE(write_one(*store, start).ok());
    CHECK(append_action(*store, sample_action("w1", 1), std::nullopt).ok());

    auto room = store->load_room("w1");
    REQUIRE(room.ok());
    REQUIRE(room->has_value());
    CHECK((*room)->status == RoomStatus::running);
    CHECK((*room)->config_json == R"({"game":true})");
    CHECK((*room)->seed == sample_room("w1").seed);
    CHECK((*room)->created_at_ms == 1'700'000'000'500);
    REQUIRE((*room)->seats.size() == 2);
    CHECK((*room)->seats[1].bot_kind == "random");
    CHECK((*room)->checkpoints == std::vector<Checkpoint>{{0, 77}});
    CHECK((*room)->actions.size() == 1);

    // No longer waiting: neither changed nor deleted as a waiting room, nor started again.
    CHECK(write_one(*store, waiting("w1", "{}", {})).code() == ErrorCode::invalid_state);
    WaitingRoomWrite close = waiting("w1", "{}", {});
    close.closed = true;
    CHECK(write_one(*store, close).code() == ErrorCode::invalid_state);
    CHECK(write_one(*store, start).code() == ErrorCode::already_exists);
    CHECK(last_seq(*store, "w1").value() == 1);
}

TEST_CASE("a closed waiting room leaves the store, and closing one never stored is no error",
          "[storage][waiting]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(write_one(*store, waiting("w1", "{}", {{0, "Ada", token("ada"), ""}})).ok());
    WaitingRoomWrite close = waiting("w1", "{}", {});
    close.closed = true;
    REQUIRE(write_one(*store, close).ok());
    auto room = store->load_room("w1");
    REQUIRE(room.ok());
    CHECK_FALSE(room->has_value());
    auto loaded = store->load_unfinished();
    REQUIRE(loaded.ok());
    CHECK(loaded->empty());
    WaitingRoomWrite never = waiting("w2", "{}", {});
    never.closed = true;
    CHECK(write_one(*store, never).ok());
    CHECK(write_one(*store, waiting("", "{}", {})).code() == ErrorCode::invalid_argument);
}
