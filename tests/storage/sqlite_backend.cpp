// The storage tests' backend when they run against SQLite (carc_storage_tests).
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include "store_fixture.hpp"

namespace carc::storage::testing {

SqliteOptions options_for(const std::filesystem::path& data_dir) {
    SqliteOptions options;
    options.data_dir = data_dir;
    return options;
}

std::filesystem::path database_file(const std::filesystem::path& data_dir) {
    return data_dir / SqliteOptions{}.file_name;
}

std::shared_ptr<Store> open_or_fail(const SqliteOptions& options) {
    auto store = open_sqlite_store(options);
    INFO((store ? std::string() : store.message()));
    REQUIRE(store.ok());
    return std::move(store).value();
}

std::shared_ptr<Store> open_or_fail(const std::filesystem::path& data_dir) {
    return open_or_fail(options_for(data_dir));
}

std::string stored_token_column(const std::filesystem::path& data_dir) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(database_file(data_dir).c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT token_sha256 FROM seats", -1, &stmt, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    std::string value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

}  // namespace carc::storage::testing
