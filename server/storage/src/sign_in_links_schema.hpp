#pragma once
// The mailed sign-in links' schema step (docs/accounts.md, "Sign-in by a mailed link"): each
// link's token and the asking browser's nonce, both as SHA-256 only. A step of its own in each
// database's list (schema.cpp, pg_schema.cpp), so its place in the list can change without
// touching it.

namespace carc::storage::sign_in_links_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS sign_in_links (
    token_sha256   TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
    person_id      TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    browser_sha256 TEXT NOT NULL CHECK (length(browser_sha256) = 64),
    email          TEXT NOT NULL,
    expires_at_ms  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sign_in_links_by_expiry ON sign_in_links (expires_at_ms);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS sign_in_links (
    token_sha256   TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
    person_id      TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    browser_sha256 TEXT NOT NULL CHECK (length(browser_sha256) = 64),
    email          TEXT NOT NULL,
    expires_at_ms  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_links_by_expiry ON sign_in_links (expires_at_ms);
)sql";

}  // namespace carc::storage::sign_in_links_schema
