// The group-commit writer: commits on the submitting thread when the store's commits never wait
// on the disk and the writer is idle; otherwise on its own thread. Either way every write is
// stored, in order, and the store's WAL checkpoints run on the writer's thread.
#include <catch2/catch.hpp>

#include <filesystem>
#include <thread>
#include <vector>

#include "carc/storage/sqlite_store.hpp"
#include "persistence/journal_writer.hpp"
#include "people/security.hpp"

using namespace carc;
namespace fs = std::filesystem;

namespace {

struct temp_dir {
    fs::path path = fs::temp_directory_path() / ("carc-writer-" + server::random_hex(6));
    ~temp_dir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

std::shared_ptr<storage::Store> open_store(const fs::path& dir, bool sync_full) {
    storage::SqliteOptions options;
    options.data_dir = dir;
    options.sync_full = sync_full;
    auto opened = storage::open_sqlite_store(options);
    REQUIRE(opened);
    return std::shared_ptr<storage::Store>(std::move(opened).value());
}

// The actions stored for an unfinished room.
std::size_t stored_actions(storage::Store& store, const std::string& room_id) {
    auto room = store.load_room(room_id);
    REQUIRE(room);
    REQUIRE(*room);
    return (*room)->actions.size();
}

storage::BeginGameWrite begin(const std::string& room_id) {
    storage::BeginGameWrite write;
    write.room.room_id = room_id;
    write.room.config_json = "{}";
    write.room.seed_commitment = std::string(64, 'a');
    write.room.engine_version = "test";
    write.room.status = storage::RoomStatus::running;
    write.seats = {{0, "Ada", std::nullopt, ""}};
    write.initial = {0, 1};
    return write;
}

storage::ActionWrite action(const std::string& room_id, std::int64_t seq) {
    storage::ActionWrite write;
    write.action.room_id = room_id;
    write.action.seq = seq;
    write.action.action_json = R"({"type":"pass"})";
    write.action.events_json = "[" + std::string(300, ' ') + "]";  // rows about as big as real ones
    write.action.time_ms = seq;
    return write;
}

// Submits a write and records the thread its completion ran on and its outcome.
struct completion {
    std::thread::id thread;
    bool ok = false;
    bool called = false;
};

void submit(server::journal_writer& writer, storage::JournalWrite write, completion& out) {
    writer.submit(std::move(write), [&out](const storage::Status& status) {
        out.thread = std::this_thread::get_id();
        out.ok = status.ok();
        out.called = true;
    });
}

}  // namespace

TEST_CASE("with synchronous=NORMAL an idle writer commits on the submitting thread", "[journal_writer]") {
    temp_dir dir;
    auto store = open_store(dir.path, false);
    server::journal_writer writer(store);
    std::vector<bool> hook_calls;  // what /metrics counts: whether each commit ran inline
    writer.on_commit([&hook_calls](std::size_t writes, bool was_inline) {
        CHECK(writes == 1);
        hook_calls.push_back(was_inline);
    });
    completion started, moved;
    submit(writer, begin("r1"), started);
    // Inline: the completion has run before submit returned, on this thread.
    REQUIRE(started.called);
    CHECK(started.ok);
    CHECK(started.thread == std::this_thread::get_id());
    submit(writer, action("r1", 1), moved);
    REQUIRE(moved.called);
    CHECK(moved.ok);
    CHECK(moved.thread == std::this_thread::get_id());
    CHECK(writer.inline_commits() == 2);
    CHECK(writer.commits() == 2);
    CHECK(hook_calls == std::vector<bool>{true, true});
    CHECK(stored_actions(*store, "r1") == 1);

    // A refused write is reported as refused, inline too.
    completion gap;
    submit(writer, action("r1", 5), gap);
    REQUIRE(gap.called);
    CHECK_FALSE(gap.ok);
    CHECK(stored_actions(*store, "r1") == 1);
}

TEST_CASE("with synchronous=FULL every commit runs on the writer's thread", "[journal_writer]") {
    temp_dir dir;
    auto store = open_store(dir.path, true);
    server::journal_writer writer(store);
    completion started, moved;
    submit(writer, begin("r1"), started);
    submit(writer, action("r1", 1), moved);
    writer.flush();
    REQUIRE(started.called);
    REQUIRE(moved.called);
    CHECK(started.ok);
    CHECK(moved.ok);
    CHECK(started.thread != std::this_thread::get_id());
    CHECK(moved.thread == started.thread);
    CHECK(writer.inline_commits() == 0);
    CHECK(stored_actions(*store, "r1") == 1);
}

TEST_CASE("inline commits leave the WAL checkpoints to the writer's thread", "[journal_writer]") {
    temp_dir dir;
    auto store = open_store(dir.path, false);
    constexpr std::int64_t actions = 4000;  // several times SQLite's 1000-page checkpoint threshold
    {
        server::journal_writer writer(store);
        std::vector<completion> done(actions + 1);
        submit(writer, begin("r1"), done[0]);
        for (std::int64_t seq = 1; seq <= actions; ++seq)
            submit(writer, action("r1", seq), done[static_cast<std::size_t>(seq)]);
        writer.flush();
        for (const completion& c : done) REQUIRE(c.ok);
        CHECK(writer.writes() == actions + 1);
        // Writes that came while the writer checkpointed went to it, the others inline.
        CHECK(writer.inline_commits() > 0);
        CHECK(writer.inline_commits() <= writer.commits());
        CHECK(stored_actions(*store, "r1") == static_cast<std::size_t>(actions));
    }
    // Without checkpoints the log would hold every action's pages (over 4000 of them); with
    // them it stays near the 1000-page threshold.
    std::error_code ec;
    const auto wal = fs::file_size(dir.path / "carc.sqlite3-wal", ec);
    REQUIRE_FALSE(ec);
    CHECK(wal < 2000u * 4096u);
    CHECK_FALSE(store->maintenance_due());
}
