// The storage tests' backend when they run against PostgreSQL (carc_storage_pg_tests): every
// test's data folder names a schema of one test server. CTest starts that server once for the
// whole group (CARC_TEST_PG_URL); run alone, the binary starts a private one for itself.
#include <catch2/catch.hpp>

#include "carc/storage/postgres_store.hpp"
#include "pg_test_server.hpp"
#include "store_fixture.hpp"

namespace carc::storage::testing {

namespace {

std::string schema_for(const std::filesystem::path& data_dir) {
    return "test_" + data_dir.filename().string();
}

}  // namespace

SqliteOptions options_for(const std::filesystem::path& data_dir) {
    SqliteOptions options;
    options.data_dir = data_dir;
    return options;
}

std::filesystem::path database_file(const std::filesystem::path& data_dir) {
    return data_dir / SqliteOptions{}.file_name;
}

std::shared_ptr<Store> open_or_fail(const SqliteOptions& options) {
    PostgresOptions pg;
    pg.url = test_postgres_url();
    pg.schema = schema_for(options.data_dir);
    auto opened = open_postgres_store(pg);
    INFO((opened ? std::string() : opened.message()));
    REQUIRE(opened.ok());
    return opened->store;
}

std::shared_ptr<Store> open_or_fail(const std::filesystem::path& data_dir) {
    return open_or_fail(options_for(data_dir));
}

std::string stored_token_column(const std::filesystem::path& data_dir) {
    return test_postgres_query("SELECT token_sha256 FROM \"" + schema_for(data_dir) + "\".seats");
}

}  // namespace carc::storage::testing
