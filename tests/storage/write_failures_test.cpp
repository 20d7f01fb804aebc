// A failing disk refuses the write with io_error and leaves the journal exactly as it was, so the
// server can refuse the action and keep the room consistent. The fault VFS stands in for the
// disk (see fault_vfs.hpp for why not chmod).
#include <catch2/catch.hpp>

#include "fault_vfs.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

SqliteOptions faulty_options(const std::filesystem::path& data_dir) {
    SqliteOptions options = options_for(data_dir);
    options.vfs_name = fault_vfs_name();
    return options;
}

ActionRecord with_json(ActionRecord action, const std::string& json) {
    action.action_json = json;
    return action;
}

}  // namespace

TEST_CASE("a failed journal write refuses the action and keeps the journal intact",
          "[storage][faults]") {
    const Fault fault = GENERATE(Fault::write_fails, Fault::sync_fails);
    INFO("fault " << static_cast<int>(fault));
    TempDir dir;
    {
        auto store = open_or_fail(faulty_options(dir.path()));
        REQUIRE(create_room(*store, sample_room("r1")).ok());
        REQUIRE(append_action(*store, sample_action("r1", 1), std::nullopt).ok());
        const ClockState clock_before{0, 10, {{0, 1000}, {1, 1000}}};
        REQUIRE(append_action(*store, sample_action("r1", 2), clock_before).ok());

        {
            ScopedFault disk_fails(fault);
            // Retried several times, as a server would for each incoming action.
            for (int attempt = 0; attempt < 3; ++attempt) {
                auto refused = append_action(*store,
                    with_json(sample_action("r1", 3), R"({"refused":true})"),
                    ClockState{1, 20, {{0, 1}, {1, 1}}});
                REQUIRE_FALSE(refused.ok());
                CHECK(refused.code() == ErrorCode::io_error);
                CHECK_THAT(refused.message(), Catch::Contains("carc.sqlite3"));
            }
            // Reads still work while the disk refuses writes, and see no trace of the action.
            CHECK(last_seq(*store, "r1").value() == 2);
            auto rooms = store->load_unfinished();
            REQUIRE(rooms.ok());
            CHECK(rooms->front().actions.size() == 2);
            CHECK(*rooms->front().clock == clock_before);
        }

        // The disk is back: the same seq is accepted, with whatever action comes next.
        REQUIRE(append_action(*store, with_json(sample_action("r1", 3), R"({"accepted":true})"),
                                     std::nullopt)
                    .ok());
        REQUIRE(append_action(*store, sample_action("r1", 4), std::nullopt).ok());
    }
    // After a restart the journal holds exactly the accepted actions.
    auto store = open_or_fail(dir.path());
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    const auto& actions = rooms->front().actions;
    REQUIRE(actions.size() == 4);
    CHECK(actions[0].action_json == sample_action("r1", 1).action_json);
    CHECK(actions[2].action_json == R"({"accepted":true})");
    CHECK(actions[3].seq == 4);
    CHECK(rooms->front().clock->active_seat == 0);  // the refused clock update never landed
}

TEST_CASE("a failed write of any other kind changes nothing", "[storage][faults]") {
    TempDir dir;
    auto store = open_or_fail(faulty_options(dir.path()));
    REQUIRE(create_room(*store, sample_room("r1")).ok());
    REQUIRE(store->set_room_status("r1", RoomStatus::running).ok());
    {
        ScopedFault disk_full(Fault::write_fails);
        CHECK(create_room(*store, sample_room("r2")).code() == ErrorCode::io_error);
        CHECK(put_seat(*store, "r1", {0, "Ada", TokenHash::of_token("t"), ""}).code() ==
              ErrorCode::io_error);
        CHECK(store->set_room_status("r1", RoomStatus::adjourned).code() == ErrorCode::io_error);
        FinishedGame game{"r1", 1, "carcassonne", "engine-1", {{0, "Ada", 3, true}}, "{}", nullptr};
        CHECK(finish_game(*store, game).code() == ErrorCode::io_error);
    }
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    CHECK(rooms->front().status == RoomStatus::running);
    CHECK(rooms->front().seats.empty());
    CHECK(store->list_finished(10, 0).value().empty());
    // And everything works again once the disk does.
    CHECK(create_room(*store, sample_room("r2")).ok());
}

TEST_CASE("a database that cannot be written at start-up gives a clear error",
          "[storage][faults]") {
    TempDir dir;
    ScopedFault disk_full(Fault::write_fails);
    auto store = open_sqlite_store(faulty_options(dir.path()));
    REQUIRE_FALSE(store.ok());
    CHECK(store.code() == ErrorCode::io_error);
    CHECK_THAT(store.message(), Catch::Contains(database_file(dir.path()).string()));
}
