#pragma once
// The tests that run on both databases: a server on SQLite (in its own folder) or on a fresh
// schema of the test PostgreSQL cluster (pg_test_server.hpp).

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "carc/storage/postgres_store.hpp"
#include "pg_test_server.hpp"

namespace carc::test {

enum class backend { sqlite, postgres };

// The stores of a new schema, named `prefix` and random hex digits, on the test cluster.
inline storage::Stores fresh_postgres_stores(const std::string& prefix) {
    storage::PostgresOptions pg;
    pg.url = storage::testing::test_postgres_url();
    pg.schema = prefix + server::random_hex(6);
    auto opened = storage::open_postgres_store(pg);
    INFO((opened ? std::string() : opened.message()));
    REQUIRE(opened.ok());
    return opened->stores;
}

// A server with accounts on a new store of `kind` (a PostgreSQL schema named after `prefix`).
inline std::unique_ptr<account_server> server_on(backend kind, const std::string& prefix,
                                                 server::server_config config = test_config()) {
    if (kind == backend::sqlite) return std::make_unique<account_server>(std::move(config));
    return std::make_unique<account_server>(fresh_postgres_stores(prefix), std::move(config));
}

}  // namespace carc::test
