// Group commit (Store::write_batch): many rooms' writes in one transaction. A refused write
// changes nothing and leaves the others; a failed commit stores none. And adjourned games: kept
// with their journal, loaded at start-up with their seats only, whole on demand.
#include <catch2/catch.hpp>

#ifndef CARC_STORE_TESTS_ON_POSTGRES
#include "fault_vfs.hpp"
#endif
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

BeginGameWrite begin(const std::string& room_id) {
    BeginGameWrite write;
    write.room = sample_room(room_id);
    write.room.status = RoomStatus::running;
    write.seats = {{0, "Ada", std::nullopt, ""}, {1, "Bot", std::nullopt, "random"}};
    write.initial = {0, 77};
    return write;
}

ActionWrite action(const std::string& room_id, std::int64_t seq) { return {sample_action(room_id, seq), std::nullopt}; }

std::int64_t actions_of(Store& store, const std::string& room_id) { return last_seq(store, room_id).value(); }

}  // namespace

TEST_CASE("a batch stores every write, and a refused one changes nothing and leaves the others",
          "[storage][group_commit]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    const std::vector<JournalWrite> starts = {begin("r1"), begin("r2")};
    for (const Status& s : store->write_batch(starts)) CHECK(s.ok());

    const std::vector<JournalWrite> batch = {
        action("r1", 1), action("r2", 1),
        action("r1", 3),                                  // a gap: refused alone
        action("r2", 2), action("r1", 2),
        SeatWrite{"r2", {0, "Ada", std::nullopt, "resigned"}},
        action("nope", 1),                                // no such room
        StatusWrite{"r1", RoomStatus::adjourned},
    };
    const std::vector<Status> results = store->write_batch(batch);
    REQUIRE(results.size() == batch.size());
    CHECK(results[0].ok());
    CHECK(results[1].ok());
    CHECK(results[2].code() == ErrorCode::sequence_gap);
    CHECK(results[3].ok());
    CHECK(results[4].ok());
    CHECK(results[5].ok());
    CHECK(results[6].code() == ErrorCode::not_found);
    CHECK(results[7].ok());
    CHECK(actions_of(*store, "r1") == 2);
    CHECK(actions_of(*store, "r2") == 2);

    // A start is stored whole or not at all: a second start of r1 leaves r1 as it was.
    const std::vector<JournalWrite> again = {begin("r1")};
    CHECK(store->write_batch(again)[0].code() == ErrorCode::already_exists);
    auto r1 = store->load_room("r1").value();
    REQUIRE(r1);
    CHECK(r1->seats.size() == 2);
    CHECK(r1->actions.size() == 2);
    CHECK(r1->checkpoints == std::vector<Checkpoint>{{0, 77}});
}

// SQLite only: the fault VFS fails its disk (tests/multinode restarts PostgreSQL instead).
#ifndef CARC_STORE_TESTS_ON_POSTGRES
TEST_CASE("a batch whose commit fails stores none of its writes", "[storage][group_commit][faults]") {
    const Fault fault = GENERATE(Fault::write_fails, Fault::sync_fails);
    TempDir dir;
    SqliteOptions options = options_for(dir.path());
    options.vfs_name = fault_vfs_name();
    {
        auto store = open_or_fail(options);
        const std::vector<JournalWrite> starts = {begin("r1"), begin("r2")};
        for (const Status& s : store->write_batch(starts)) REQUIRE(s.ok());
        {
            ScopedFault disk_fails(fault);
            const std::vector<JournalWrite> batch = {action("r1", 1), action("r2", 1), begin("r3")};
            for (const Status& s : store->write_batch(batch)) CHECK(s.code() == ErrorCode::io_error);
        }
        CHECK(actions_of(*store, "r1") == 0);
        CHECK(actions_of(*store, "r2") == 0);
        CHECK_FALSE(store->load_room("r3").value());
        // The disk is back: the same writes go through.
        const std::vector<JournalWrite> retry = {action("r1", 1), action("r2", 1)};
        for (const Status& s : store->write_batch(retry)) CHECK(s.ok());
    }
    auto store = open_or_fail(dir.path());  // what a restart sees
    CHECK(actions_of(*store, "r1") == 1);
    CHECK(actions_of(*store, "r2") == 1);
}
#endif

TEST_CASE("an adjourned game keeps its journal and comes back only when asked", "[storage][group_commit]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        const std::vector<JournalWrite> writes = {begin("r1"), action("r1", 1), begin("r2"),
                                                  StatusWrite{"r1", RoomStatus::adjourned}};
        for (const Status& s : store->write_batch(writes)) REQUIRE(s.ok());
        REQUIRE(create_room(*store, sample_room("lobby")).ok());
        CHECK(store->set_room_status("lobby", RoomStatus::adjourned).code() == ErrorCode::invalid_state);
    }
    auto store = open_or_fail(dir.path());
    const auto rooms = store->load_unfinished().value();
    REQUIRE(rooms.size() == 3);
    const StoredRoom& r1 = rooms[0].room_id == "r1" ? rooms[0] : rooms[1];
    REQUIRE(r1.room_id == "r1");
    CHECK(r1.status == RoomStatus::adjourned);
    CHECK(r1.seats.size() == 2);        // who may bring it back
    CHECK(r1.actions.empty());          // not replayed at start-up
    const auto whole = store->load_room("r1").value();
    REQUIRE(whole);
    CHECK(whole->status == RoomStatus::adjourned);
    CHECK(whole->actions.size() == 1);
    CHECK(whole->checkpoints.size() == 1);

    // Actions may follow the resumption; a finished game is no longer adjourned.
    REQUIRE(store->set_room_status("r1", RoomStatus::running).ok());
    CHECK(store->load_room("r1").value()->status == RoomStatus::running);
    REQUIRE(store->set_room_status("r1", RoomStatus::adjourned).ok());
    const FinishedGame game{"r1", 1'700'000'100'000, "carcassonne", "engine-1", {}, R"({"id":"r1"})", nullptr};
    REQUIRE(finish_game(*store, game).ok());
    CHECK_FALSE(store->load_room("r1").value());
    CHECK(store->get_game("r1").value() == std::optional<std::string>(R"({"id":"r1"})"));
}
