#pragma once
// A PostgreSQL store standing for one carc-server node (its node id) on the test data folder's
// schema: two of them on the same folder are two nodes sharing one database.
#include <catch2/catch.hpp>

#include "carc/storage/postgres_store.hpp"
#include "pg_test_server.hpp"
#include "store_fixture.hpp"

namespace carc::storage::testing {

inline PostgresHandles node(const TempDir& dir, const std::string& node_id) {
    PostgresOptions options;
    options.url = test_postgres_url();
    options.schema = "test_" + dir.path().filename().string();
    options.node_id = node_id;
    auto opened = open_postgres_store(options);
    INFO((opened ? std::string() : opened.message()));
    REQUIRE(opened.ok());
    return std::move(opened).value();
}

}  // namespace carc::storage::testing
