// A process that dies without closing the store (as under SIGKILL) loses nothing it was told is
// committed. The child process writes and exits with _exit, skipping every destructor, so the
// WAL is never checkpointed; the parent then opens the directory as a restarted server would.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "fault_vfs.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

// Child exit codes: 0 as planned; others name the step that went wrong.
enum ChildExit { child_ok = 0, child_open_failed = 10, child_write_failed, child_fault_ignored };

// Appends seq 1..committed, then tries seq committed+1 under `fault`, then dies.
[[noreturn]] void child_then_die(const std::filesystem::path& data_dir, int committed,
                                 Fault fault) {
    SqliteOptions options = options_for(data_dir);
    options.vfs_name = fault_vfs_name();
    auto opened = open_sqlite_store(options);
    if (!opened) _exit(child_open_failed);
    Store& store = **opened;
    if (!create_room(store, sample_room("r1"))) _exit(child_write_failed);
    for (int seq = 1; seq <= committed; ++seq) {
        if (!append_action(store, sample_action("r1", seq), std::nullopt)) {
            _exit(child_write_failed);
        }
    }
    if (fault != Fault::none) {
        set_fault(fault);
        if (append_action(store, sample_action("r1", committed + 1), std::nullopt)) {
            _exit(child_fault_ignored);
        }
    }
    _exit(child_ok);  // no destructor runs: the connection is never closed
}

void run_child(const std::filesystem::path& data_dir, int committed, Fault fault) {
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) child_then_die(data_dir, committed, fault);
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == child_ok);
}

std::vector<ActionRecord> journal_after_restart(const std::filesystem::path& data_dir) {
    auto store = open_or_fail(data_dir);
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    return rooms->front().actions;
}

}  // namespace

TEST_CASE("every committed action survives the process dying", "[storage][crash]") {
    TempDir dir;
    run_child(dir.path(), 7, Fault::none);
    REQUIRE(std::filesystem::exists(database_file(dir.path()).concat("-wal")));
    const auto actions = journal_after_restart(dir.path());
    REQUIRE(actions.size() == 7);
    for (std::int64_t seq = 1; seq <= 7; ++seq) {
        CHECK(actions[static_cast<std::size_t>(seq - 1)].action_json ==
              sample_action("r1", seq).action_json);
    }
}

TEST_CASE("an action refused for a full disk is gone after a crash", "[storage][crash]") {
    TempDir dir;
    run_child(dir.path(), 3, Fault::write_fails);
    CHECK(journal_after_restart(dir.path()).size() == 3);
}

// A failed fsync is the one case where "refused" is not "absent": the frames reached the WAL
// file, only their sync failed, and recovery after a crash may find them whole. What it finds is
// still a complete action at the next seq, so the journal stays replayable (docs/storage.md).
TEST_CASE("an action refused for a failed fsync is absent or whole after a crash",
          "[storage][crash]") {
    TempDir dir;
    run_child(dir.path(), 3, Fault::sync_fails);
    const auto actions = journal_after_restart(dir.path());
    REQUIRE(actions.size() >= 3);
    REQUIRE(actions.size() <= 4);
    if (actions.size() == 4) {
        CHECK(actions[3].seq == 4);
        CHECK(actions[3].action_json == sample_action("r1", 4).action_json);
        CHECK(actions[3].state_hash == sample_action("r1", 4).state_hash);
    }
}
