// Every file of the store damaged after a crash: the database, its write-ahead log, its shared
// memory, a rollback journal, the folder itself. What SQLite would silently drop or replay is
// refused with the files left exactly as they were; what it rebuilds safely (the shared memory,
// an interrupted last frame) opens with every committed action.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>

#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;
namespace fs = std::filesystem;

namespace {

constexpr int committed = 40;

fs::path with_suffix(const fs::path& data_dir, const char* suffix) {
    return fs::path(database_file(data_dir)).concat(suffix);
}

// A server that journaled `committed` actions and was SIGKILLed: the child writes and _exits
// without closing anything, so the WAL is never checkpointed into the database.
void crash_after_writes(const fs::path& data_dir) {
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        auto opened = open_sqlite_store(options_for(data_dir));
        if (!opened) _exit(10);
        if (!create_room(**opened, sample_room("r1"))) _exit(11);
        for (int seq = 1; seq <= committed; ++seq)
            if (!append_action(**opened, sample_action("r1", seq))) _exit(12);
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    REQUIRE(fs::file_size(with_suffix(data_dir, "-wal")) > 4096);
}

// The bytes of every store file (the lock file and the rebuildable shared memory aside).
std::map<std::string, std::string> store_files(const fs::path& data_dir) {
    std::map<std::string, std::string> out;
    for (const char* suffix : {"", "-wal", "-journal"}) {
        const fs::path path = with_suffix(data_dir, suffix);
        if (fs::is_regular_file(path)) out[path.filename().string()] = read_bytes(path);
    }
    return out;
}

void expect_refused(const fs::path& data_dir, ErrorCode code, const std::string& words) {
    const auto before = store_files(data_dir);
    auto store = open_sqlite_store(options_for(data_dir));
    REQUIRE_FALSE(store.ok());
    INFO(store.message());
    CHECK(store.code() == code);
    CHECK_THAT(store.message(), Catch::Contains(database_file(data_dir).string()));
    CHECK_THAT(store.message(), Catch::Contains(words));
    CHECK_THAT(store.message(), Catch::Contains("left untouched"));
    CHECK(store_files(data_dir) == before);
}

std::size_t actions_after_restart(const fs::path& data_dir) {
    auto store = open_or_fail(data_dir);
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    return rooms->front().actions.size();
}

void flip_byte(const fs::path& file, std::size_t at) {
    std::string bytes = read_bytes(file);
    REQUIRE(at < bytes.size());
    bytes[at] = static_cast<char>(bytes[at] ^ 0x5a);
    write_bytes(file, bytes);
}

}  // namespace

TEST_CASE("after a crash the write-ahead log alone holds the games and a restart keeps them",
          "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    CHECK(actions_after_restart(dir.path()) == committed);
}

TEST_CASE("a zero-byte database next to a non-empty write-ahead log is refused, files as they were",
          "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    write_bytes(database_file(dir.path()), "");
    expect_refused(dir.path(), ErrorCode::corrupt, "write-ahead log");
    REQUIRE(fs::file_size(database_file(dir.path())) == 0);
}

TEST_CASE("a missing database next to a non-empty write-ahead log is refused, files as they were",
          "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    fs::remove(database_file(dir.path()));
    expect_refused(dir.path(), ErrorCode::corrupt, "missing or empty");
    CHECK_FALSE(fs::exists(database_file(dir.path())));
}

TEST_CASE("a write-ahead log with a damaged header is refused, files as they were",
          "[storage][damaged]") {
    // 0: the magic number; 12: the checkpoint sequence (covered by the header checksum);
    // 28: the checksum itself.
    const auto at = GENERATE(as<std::size_t>{}, 0, 12, 28);
    TempDir dir;
    crash_after_writes(dir.path());
    flip_byte(with_suffix(dir.path(), "-wal"), at);
    expect_refused(dir.path(), ErrorCode::corrupt, "write-ahead log");
}

TEST_CASE("a write-ahead log cut inside its header is refused", "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    const fs::path wal = with_suffix(dir.path(), "-wal");
    write_bytes(wal, read_bytes(wal).substr(0, 20));
    expect_refused(dir.path(), ErrorCode::corrupt, "shorter than the 32-byte log header");
}

TEST_CASE("a write-ahead log damaged in an early frame is refused, files as they were",
          "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    // Inside the page data of the second frame: later commits would be discarded with it.
    flip_byte(with_suffix(dir.path(), "-wal"), 32 + (24 + 4096) + 24 + 1000);
    expect_refused(dir.path(), ErrorCode::corrupt, "fails its checksum");
}

TEST_CASE("a write-ahead log ending in half a frame (an interrupted write) keeps every commit",
          "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    const fs::path wal = with_suffix(dir.path(), "-wal");
    write_bytes(wal, read_bytes(wal) + std::string(1000, '\x7f'));
    CHECK(actions_after_restart(dir.path()) == committed);
}

TEST_CASE("damaged shared memory is rebuilt from the log and loses nothing", "[storage][damaged]") {
    const auto damage = GENERATE(as<std::string>{}, "garbage", "empty", "missing");
    TempDir dir;
    crash_after_writes(dir.path());
    const fs::path shm = with_suffix(dir.path(), "-shm");
    REQUIRE(fs::exists(shm));
    if (damage == "garbage") write_bytes(shm, std::string(32768, '\xa5'));
    if (damage == "empty") write_bytes(shm, "");
    if (damage == "missing") fs::remove(shm);
    CHECK(actions_after_restart(dir.path()) == committed);
}

TEST_CASE("a companion file that is not a regular file is refused", "[storage][damaged]") {
    const auto suffix = GENERATE(as<std::string>{}, "-shm", "-wal", "-journal");
    TempDir dir;
    crash_after_writes(dir.path());
    const fs::path path = with_suffix(dir.path(), suffix.c_str());
    fs::remove(path);
    fs::create_directory(path);
    expect_refused(dir.path(), ErrorCode::io_error, "not a regular file");
}

TEST_CASE("a rollback journal next to the WAL database is refused, never played back",
          "[storage][damaged]") {
    TempDir dir;
    crash_after_writes(dir.path());
    // A hot rollback journal (magic, record count -1: "as many as the file holds") whose page
    // 1 would overwrite the database's first page.
    std::string journal = "\xd9\xd5\x05\xf9\x20\xa1\x63\xd7";
    journal += std::string("\xff\xff\xff\xff", 4) + std::string(4, '\x01') + std::string("\x00\x00\x00\x02", 4) +
               std::string("\x00\x00\x02\x00", 4) + std::string("\x00\x00\x10\x00", 4);
    journal.resize(512, '\0');
    // Page 1 all zeros; its checksum is then the nonce.
    journal += std::string("\x00\x00\x00\x01", 4) + std::string(4096, '\0') + std::string(4, '\x01');
    write_bytes(with_suffix(dir.path(), "-journal"), journal);
    expect_refused(dir.path(), ErrorCode::corrupt, "rollback journal");
}

TEST_CASE("a missing data folder is created, one that cannot be is refused", "[storage][damaged]") {
    TempDir dir;
    open_or_fail(dir.path() / "new" / "data").reset();
    CHECK(fs::exists(database_file(dir.path() / "new" / "data")));

    write_bytes(dir.path() / "a-file", "not a folder");
    auto store = open_sqlite_store(options_for(dir.path() / "a-file" / "data"));
    REQUIRE_FALSE(store.ok());
    CHECK(store.code() == ErrorCode::io_error);
    CHECK_THAT(store.message(), Catch::Contains("cannot create data directory"));
    CHECK(read_bytes(dir.path() / "a-file") == "not a folder");
}

TEST_CASE("a read-only data folder is refused up front, files as they were", "[storage][damaged]") {
    TempDir dir;
    const fs::path data_dir = dir.path() / "data";
    crash_after_writes(data_dir);
    const auto before = store_files(data_dir);
    // Only the folder is read-only: the files stay writable, so SQLite would get far.
    for (const auto& entry : fs::directory_iterator(data_dir))
        fs::permissions(entry.path(), fs::perms::all & ~fs::perms::others_exec & ~fs::perms::group_exec &
                                          ~fs::perms::owner_exec);
    fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    fs::permissions(data_dir, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                  fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    // root writes anywhere: the check runs as an unprivileged user, as a server would.
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(20);
        auto store = open_sqlite_store(options_for(data_dir));
        if (store.ok()) _exit(21);
        if (store.code() != ErrorCode::io_error) _exit(22);
        if (store.message().find("not writable") == std::string::npos) _exit(23);
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    fs::permissions(data_dir, fs::perms::owner_all);
    CHECK(store_files(data_dir) == before);
}
