// Rooms, seats, the action journal and clocks: round trips, refusals and reopening.
#include <catch2/catch.hpp>
#include <thread>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

SeatRecord person(int seat, const std::string& name, const std::string& token) {
    return {seat, name, TokenHash::of_token(token), ""};
}

SeatRecord bot(int seat) { return {seat, "Greedy bot", std::nullopt, "greedy"}; }

ClockState clock_after_two_turns() {
    return {0, 1'700'000'123'000, {{0, 290'000}, {1, 305'500}}};
}

// Everything create/seat/append/clock wrote, checked field by field.
void check_sample_room(const StoredRoom& room, std::int64_t actions) {
    const NewRoom expected = sample_room("r1");
    CHECK(room.room_id == "r1");
    CHECK(room.status == RoomStatus::running);
    CHECK(room.config_json == expected.config_json);
    CHECK(room.seed == expected.seed);
    CHECK(room.seed_commitment == expected.seed_commitment);
    CHECK(room.engine_version == expected.engine_version);
    CHECK(room.created_at_ms == expected.created_at_ms);

    REQUIRE(room.seats.size() == 2);
    CHECK(room.seats[0].seat == 0);
    CHECK(room.seats[0].player_name == "Ada");
    REQUIRE(room.seats[0].token_hash.has_value());
    CHECK(room.seats[0].token_hash->matches("token-ada"));
    CHECK(room.seats[0].bot_kind.empty());
    CHECK(room.seats[1].seat == 1);
    CHECK_FALSE(room.seats[1].token_hash.has_value());
    CHECK(room.seats[1].bot_kind == "greedy");

    REQUIRE(room.actions.size() == static_cast<std::size_t>(actions));
    for (std::int64_t seq = 1; seq <= actions; ++seq) {
        const auto& got = room.actions[static_cast<std::size_t>(seq - 1)];
        const auto want = sample_action("r1", seq);
        CHECK(got.room_id == want.room_id);
        CHECK(got.seq == want.seq);
        CHECK(got.actor_seat == want.actor_seat);
        CHECK(got.action_json == want.action_json);
        CHECK(got.events_json == want.events_json);
        CHECK(got.state_hash == want.state_hash);
        CHECK(got.time_ms == want.time_ms);
    }
    REQUIRE(room.clock.has_value());
    CHECK(*room.clock == clock_after_two_turns());
}

void fill_sample_room(Store& store) {
    REQUIRE(create_room(store, sample_room("r1")).ok());
    REQUIRE(put_seat(store, "r1", person(0, "Ada", "token-ada")).ok());
    REQUIRE(put_seat(store, "r1", bot(1)).ok());
    REQUIRE(store.set_room_status("r1", RoomStatus::running).ok());
    REQUIRE(append_action(store, sample_action("r1", 1), std::nullopt).ok());
    REQUIRE(append_action(store, sample_action("r1", 2), clock_after_two_turns()).ok());
}

}  // namespace

TEST_CASE("rooms, seats, actions and clocks round-trip", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    fill_sample_room(*store);

    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    check_sample_room(rooms->front(), 2);
    CHECK(last_seq(*store, "r1").value() == 2);
}

TEST_CASE("reopening the data directory keeps everything", "[storage]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        fill_sample_room(*store);
    }
    auto reopened = open_or_fail(dir.path());
    auto rooms = reopened->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    check_sample_room(rooms->front(), 2);
    // The journal continues where it stopped.
    CHECK(append_action(*reopened, sample_action("r1", 3), std::nullopt).ok());
}

TEST_CASE("the journal refuses gaps, duplicates and out-of-order actions", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(create_room(*store, sample_room("r1")).ok());

    auto first_as_second = append_action(*store, sample_action("r1", 2), std::nullopt);
    CHECK(first_as_second.code() == ErrorCode::sequence_gap);
    CHECK_THAT(first_as_second.message(), Catch::Contains("expected 1"));
    CHECK(append_action(*store, sample_action("r1", 0), std::nullopt).code() ==
          ErrorCode::sequence_gap);

    REQUIRE(append_action(*store, sample_action("r1", 1), std::nullopt).ok());
    REQUIRE(append_action(*store, sample_action("r1", 2), std::nullopt).ok());
    CHECK(append_action(*store, sample_action("r1", 2), std::nullopt).code() ==
          ErrorCode::sequence_gap);
    CHECK(append_action(*store, sample_action("r1", 4), std::nullopt).code() ==
          ErrorCode::sequence_gap);
    CHECK(last_seq(*store, "r1").value() == 2);

    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->front().actions.size() == 2);
    CHECK(rooms->front().actions[1].seq == 2);
}

TEST_CASE("operations on unknown rooms report not_found", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    CHECK(append_action(*store, sample_action("nope", 1), std::nullopt).code() ==
          ErrorCode::not_found);
    CHECK(put_seat(*store, "nope", bot(0)).code() == ErrorCode::not_found);
    CHECK(store->set_room_status("nope", RoomStatus::running).code() == ErrorCode::not_found);
    CHECK(last_seq(*store, "nope").code() == ErrorCode::not_found);
    CHECK(finish_game(*store, {"nope", 1, "carcassonne", "engine-1", {}, "{}", nullptr}).code() == ErrorCode::not_found);
}

TEST_CASE("room ids are unique", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    NewRoom game = sample_room("r1");
    game.status = RoomStatus::running;
    REQUIRE(create_room(*store, game).ok());
    CHECK(create_room(*store, game).code() == ErrorCode::already_exists);
    // Nor may a waiting room take the id of a game.
    CHECK(create_room(*store, sample_room("r1")).code() == ErrorCode::invalid_state);
    CHECK(create_room(*store, sample_room("")).code() == ErrorCode::invalid_argument);
}

TEST_CASE("seats can be replaced, and a waiting room keeps exactly its seats", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(create_room(*store, sample_room("r1")).ok());
    REQUIRE(put_seat(*store, "r1", person(0, "Ada", "t1")).ok());
    REQUIRE(put_seat(*store, "r1", person(1, "Bob", "t2")).ok());
    REQUIRE(put_seat(*store, "r1", person(1, "Cy", "t3")).ok());
    // Ada leaves the waiting room: it is stored again with Cy alone.
    REQUIRE(write_one(*store, WaitingRoomWrite{sample_room("r1"), {person(1, "Cy", "t3")}, false}).ok());

    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    const auto& seats = rooms->front().seats;
    REQUIRE(seats.size() == 1);
    CHECK(seats[0].seat == 1);
    CHECK(seats[0].player_name == "Cy");
    CHECK(seats[0].token_hash->matches("t3"));
    CHECK(put_seat(*store, "r1", person(-1, "Neg", "t")).code() == ErrorCode::invalid_argument);
}

TEST_CASE("session tokens are stored only as SHA-256 hashes", "[storage]") {
    TempDir dir;
    const std::string token = "tok-7f3a9c1e5b2d4a6890aa";
    {
        auto store = open_or_fail(dir.path());
        REQUIRE(create_room(*store, sample_room("r1")).ok());
        REQUIRE(put_seat(*store, "r1", person(0, "Ada", token)).ok());
    }
    // The column holds the hash...
    CHECK(stored_token_column(dir.path()) == sha256_hex(token));
#ifndef CARC_STORE_TESTS_ON_POSTGRES
    // ...and the token appears nowhere in the files of the data directory.
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        INFO(entry.path());
        CHECK(read_bytes(entry.path()).find(token) == std::string::npos);
    }
#endif
}

TEST_CASE("room status moves forward only", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(create_room(*store, sample_room("lobby")).ok());
    REQUIRE(create_room(*store, sample_room("gone")).ok());
    REQUIRE(store->set_room_status("gone", RoomStatus::abandoned).ok());

    CHECK(store->set_room_status("lobby", RoomStatus::finished).code() ==
          ErrorCode::invalid_argument);
    CHECK(store->set_room_status("gone", RoomStatus::running).code() == ErrorCode::invalid_state);
    CHECK(append_action(*store, sample_action("gone", 1), std::nullopt).code() ==
          ErrorCode::invalid_state);

    // Abandoned rooms are not resumed; lobbies are.
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    CHECK(rooms->front().room_id == "lobby");
    CHECK(rooms->front().status == RoomStatus::lobby);
    CHECK_FALSE(rooms->front().clock.has_value());
}

TEST_CASE("the clocks saved with an action replace the saved ones", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    NewRoom game = sample_room("r1");
    game.status = RoomStatus::running;
    REQUIRE(create_room(*store, game).ok());
    REQUIRE(append_action(*store, sample_action("r1", 1), ClockState{0, 100, {{0, 1000}, {1, 1000}, {2, 1000}}}).ok());
    const ClockState later{2, 900, {{0, 800}, {1, 700}}};
    REQUIRE(append_action(*store, sample_action("r1", 2), later).ok());
    REQUIRE(append_action(*store, sample_action("r1", 3)).ok());  // no clock: the saved ones stay
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->front().clock.has_value());
    CHECK(*rooms->front().clock == later);
}

TEST_CASE("a closed waiting room takes its seats along and frees its id", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(write_one(*store, WaitingRoomWrite{sample_room("r1"), {person(0, "Ada", "t1"), bot(1)}, false}).ok());
    REQUIRE(write_one(*store, WaitingRoomWrite{sample_room("r1"), {}, true}).ok());
    CHECK(store->load_unfinished().value().empty());
    // The id is free again and the new room starts with no seats and a fresh journal.
    REQUIRE(create_room(*store, sample_room("r1")).ok());
    CHECK(last_seq(*store, "r1").value() == 0);
    auto rooms = store->load_unfinished();
    CHECK(rooms->front().seats.empty());
}

TEST_CASE("rooms on several threads append concurrently without losing actions", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    constexpr int rooms = 4;
    constexpr int actions = 25;
    for (int r = 0; r < rooms; ++r) {
        REQUIRE(create_room(*store, sample_room("room-" + std::to_string(r))).ok());
    }
    std::vector<int> failures(rooms, 0);
    std::vector<std::thread> threads;
    for (int r = 0; r < rooms; ++r) {
        threads.emplace_back([&, r] {
            const std::string id = "room-" + std::to_string(r);
            for (int seq = 1; seq <= actions; ++seq) {
                if (!append_action(*store, sample_action(id, seq), std::nullopt).ok()) {
                    ++failures[static_cast<std::size_t>(r)];
                }
            }
        });
    }
    for (auto& thread : threads) thread.join();

    auto loaded = store->load_unfinished();
    REQUIRE(loaded.ok());
    REQUIRE(loaded->size() == rooms);
    for (int r = 0; r < rooms; ++r) {
        CHECK(failures[static_cast<std::size_t>(r)] == 0);
        CHECK((*loaded)[static_cast<std::size_t>(r)].actions.size() == actions);
    }
}

TEST_CASE("state hashes: per action when known, the initial state's as checkpoint 0", "[storage]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        NewRoom room = sample_room("r1");
        room.status = RoomStatus::running;  // created as its game starts
        REQUIRE(write_one(*store, BeginGameWrite{room, {}, {0, 111}}).ok());

        ActionRecord journaled_first = sample_action("r1", 1);
        journaled_first.state_hash.reset();  // appended before the engine applied it
        REQUIRE(append_action(*store, journaled_first, std::nullopt).ok());
        REQUIRE(append_action(*store, sample_action("r1", 2), std::nullopt).ok());

        // A checkpoint beyond the journal refuses the game's start, which leaves nothing behind.
        NewRoom other = sample_room("r2");
        other.status = RoomStatus::running;
        CHECK(write_one(*store, BeginGameWrite{other, {}, {3, 333}}).code() == ErrorCode::invalid_argument);
        CHECK(write_one(*store, BeginGameWrite{other, {}, {-1, 1}}).code() == ErrorCode::invalid_argument);
    }
    auto store = open_or_fail(dir.path());
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    const StoredRoom& room = rooms->front();
    CHECK(room.status == RoomStatus::running);
    REQUIRE(room.actions.size() == 2);
    CHECK_FALSE(room.actions[0].state_hash.has_value());
    CHECK(room.actions[1].state_hash == sample_action("r1", 2).state_hash);
    CHECK(room.checkpoints == std::vector<Checkpoint>{{0, 111}});
}

TEST_CASE("a room cannot be created finished", "[storage]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    NewRoom room = sample_room("r1");
    room.status = RoomStatus::finished;
    CHECK(create_room(*store, room).code() == ErrorCode::invalid_argument);
}
