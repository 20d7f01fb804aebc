#pragma once
// The sign-in and sign-up limits' schema step (docs/accounts.md, "Limits"): every attempt
// counted, with the time it stops counting, in the database every node shares, so a limit
// holds across nodes and restarts. The same SQL on both databases; a step of its own in each
// database's list (schema.cpp, pg_schema.cpp), so its place in the list can change without
// touching it.

namespace carc::storage::attempts_schema {

inline constexpr const char* step = R"sql(
CREATE TABLE IF NOT EXISTS counted_attempts (
    counted_key TEXT NOT NULL,
    expires_ms  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS counted_attempts_by_key ON counted_attempts (counted_key, expires_ms);
CREATE INDEX IF NOT EXISTS counted_attempts_by_expiry ON counted_attempts (expires_ms);
)sql";

}  // namespace carc::storage::attempts_schema
