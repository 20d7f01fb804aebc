// Opening refuses damaged, foreign, newer and busy databases with a clear message, and never
// modifies a file it refuses.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;
namespace fs = std::filesystem;

namespace {

void exec_raw(const fs::path& file, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    INFO((error ? error : ""));
    sqlite3_free(error);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

std::int64_t query_raw(const fs::path& file, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    const std::int64_t value = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

// A closed, healthy database spanning many pages (so damage can land inside it).
fs::path make_populated_database(const fs::path& data_dir) {
    auto store = open_or_fail(data_dir);
    REQUIRE(create_room(*store, sample_room("r1")).ok());
    for (std::int64_t seq = 1; seq <= 300; ++seq) {
        REQUIRE(append_action(*store, sample_action("r1", seq), std::nullopt).ok());
    }
    store.reset();
    const fs::path file = database_file(data_dir);
    REQUIRE(fs::file_size(file) > 16 * 4096);
    // A clean close checkpoints and removes the WAL: the main file holds everything.
    REQUIRE_FALSE(fs::exists(fs::path(file).concat("-wal")));
    return file;
}

// Opens, expects `code`, and checks the message names the file and the file is unchanged.
void expect_refused(const fs::path& data_dir, ErrorCode code, const std::string& words) {
    const fs::path file = database_file(data_dir);
    const std::string before = read_bytes(file);
    auto store = open_sqlite_store(options_for(data_dir));
    REQUIRE_FALSE(store.ok());
    INFO(store.message());
    CHECK(store.code() == code);
    CHECK_THAT(store.message(), Catch::Contains(file.string()));
    CHECK_THAT(store.message(), Catch::Contains(words));
    CHECK_THAT(store.message(), Catch::Contains("left untouched"));
    CHECK(read_bytes(file) == before);
}

}  // namespace

TEST_CASE("a new data directory is created with a WAL database of the current schema",
          "[storage][open]") {
    TempDir dir;
    const fs::path data_dir = dir.path() / "nested" / "data";
    open_or_fail(data_dir).reset();
    const fs::path file = database_file(data_dir);
    REQUIRE(fs::exists(file));
    CHECK(query_raw(file, "PRAGMA user_version") == sqlite_schema_version());
    CHECK(query_raw(file, "PRAGMA application_id") == 0x43415243);
    // Byte 18 of the header is 2 for WAL: the mode is stored in the file.
    CHECK(read_bytes(file)[18] == 2);
    // Reopening runs no migration again and keeps the version.
    open_or_fail(data_dir).reset();
    CHECK(query_raw(file, "PRAGMA user_version") == sqlite_schema_version());
}

TEST_CASE("an empty file and a blank SQLite file become a fresh database", "[storage][open]") {
    TempDir dir;
    write_bytes(database_file(dir.path()), "");
    open_or_fail(dir.path()).reset();

    TempDir blank;
    exec_raw(database_file(blank.path()), "PRAGMA user_version = 0");
    auto store = open_or_fail(blank.path());
    CHECK(create_room(*store, sample_room("r1")).ok());
}

TEST_CASE("a database with a newer schema version is refused and left as it was",
          "[storage][open]") {
    TempDir dir;
    const fs::path file = make_populated_database(dir.path());
    const int newer = sqlite_schema_version() + 1;
    exec_raw(file, "PRAGMA user_version = " + std::to_string(newer));
    expect_refused(dir.path(), ErrorCode::newer_schema,
                   "schema version " + std::to_string(newer) + " is newer");
}

TEST_CASE("a database with garbage written over a page is refused and left as it was",
          "[storage][open]") {
    TempDir dir;
    const fs::path file = make_populated_database(dir.path());
    std::string bytes = read_bytes(file);
    // Page 3 (the 4 KiB pages start at 0): clobber its b-tree header and cells.
    for (std::size_t i = 2 * 4096; i < 3 * 4096; ++i) bytes[i] = static_cast<char>(i * 37 + 11);
    write_bytes(file, bytes);
    expect_refused(dir.path(), ErrorCode::corrupt, "damaged");
}

TEST_CASE("a database with a clobbered header is refused and left as it was", "[storage][open]") {
    TempDir dir;
    const fs::path file = make_populated_database(dir.path());
    std::string bytes = read_bytes(file);
    bytes.replace(0, 16, "garbage garbage!");
    write_bytes(file, bytes);
    expect_refused(dir.path(), ErrorCode::corrupt, "not a SQLite database");
}

TEST_CASE("a truncated database is refused and left as it was", "[storage][open]") {
    const auto cut = GENERATE(as<double>{}, 0.5, 0.8, 0.33);
    TempDir dir;
    const fs::path file = make_populated_database(dir.path());
    std::string bytes = read_bytes(file);
    bytes.resize(static_cast<std::size_t>(static_cast<double>(bytes.size()) * cut));
    write_bytes(file, bytes);
    expect_refused(dir.path(), ErrorCode::corrupt, "truncated");
}

TEST_CASE("a database cut inside its header is refused", "[storage][open]") {
    TempDir dir;
    const fs::path file = make_populated_database(dir.path());
    write_bytes(file, read_bytes(file).substr(0, 60));
    expect_refused(dir.path(), ErrorCode::corrupt, "truncated");
}

TEST_CASE("a file that is not SQLite at all is refused and left as it was", "[storage][open]") {
    TempDir dir;
    write_bytes(database_file(dir.path()), "{\"this\": \"is a JSON file, not a database\"}\n");
    expect_refused(dir.path(), ErrorCode::corrupt, "not a SQLite database");
}

TEST_CASE("another program's SQLite database is refused and left as it was", "[storage][open]") {
    TempDir dir;
    exec_raw(database_file(dir.path()),
             "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x')");
    expect_refused(dir.path(), ErrorCode::foreign_database, "another program");
}

TEST_CASE("a data directory is used by one server at a time", "[storage][open]") {
    TempDir dir;
    auto first = open_or_fail(dir.path());
    auto second = open_sqlite_store(options_for(dir.path()));
    REQUIRE_FALSE(second.ok());
    CHECK(second.code() == ErrorCode::locked);
    CHECK_THAT(second.message(), Catch::Contains("in use by another server"));
    first.reset();
    open_or_fail(dir.path()).reset();
}

TEST_CASE("a data directory that cannot be created gives a clear error", "[storage][open]") {
    TempDir dir;
    const fs::path blocker = dir.path() / "file";
    write_bytes(blocker, "not a directory");
    auto store = open_sqlite_store(options_for(blocker / "data"));
    REQUIRE_FALSE(store.ok());
    CHECK(store.code() == ErrorCode::io_error);
    CHECK_THAT(store.message(), Catch::Contains((blocker / "data").string()));
}
