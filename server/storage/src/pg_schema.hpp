#pragma once
// The PostgreSQL schema and its migrations (the same data as the SQLite schema, plus room
// leases for several nodes; docs/scaling.md).

#include "carc/storage/result.hpp"
#include "pg_sql_connection.hpp"

namespace carc::storage::pg_schema {

int current_version();
// Brings the schema in the connection's search path up to current_version(). Nodes starting
// together serialise on an advisory lock; a schema newer than this code is refused.
Status migrate(pg::SqlConnection& db);

}  // namespace carc::storage::pg_schema
