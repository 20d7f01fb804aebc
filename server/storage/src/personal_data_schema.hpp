#pragma once
// The deleted accounts' schema step (docs/accounts.md, "Your own data"): one row per deleted
// account, so its old name (and any look-alike) stays refused at sign-up until name_free_at_ms,
// and a game finished later with the person in a seat is stored with the replacement name. A
// step of its own in each database's list (schema.cpp, pg_schema.cpp), so its place in the list
// can change without touching it.

namespace carc::storage::personal_data_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS deleted_accounts (
    person_id           TEXT PRIMARY KEY,
    person_token_sha256 TEXT NOT NULL,
    name_key            TEXT NOT NULL,
    name_skeleton       TEXT,
    replacement_name    TEXT NOT NULL,
    deleted_at_ms       INTEGER NOT NULL,
    name_free_at_ms     INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deleted_accounts_by_token ON deleted_accounts (person_token_sha256);
CREATE INDEX IF NOT EXISTS deleted_accounts_by_name ON deleted_accounts (name_key);
CREATE INDEX IF NOT EXISTS deleted_accounts_by_skeleton ON deleted_accounts (name_skeleton);
CREATE INDEX IF NOT EXISTS chat_by_person ON chat (person_id);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS deleted_accounts (
    person_id           TEXT PRIMARY KEY,
    person_token_sha256 TEXT NOT NULL,
    name_key            TEXT NOT NULL,
    name_skeleton       TEXT,
    replacement_name    TEXT NOT NULL,
    deleted_at_ms       BIGINT NOT NULL,
    name_free_at_ms     BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS deleted_accounts_by_token ON deleted_accounts (person_token_sha256);
CREATE INDEX IF NOT EXISTS deleted_accounts_by_name ON deleted_accounts (name_key);
CREATE INDEX IF NOT EXISTS deleted_accounts_by_skeleton ON deleted_accounts (name_skeleton);
CREATE INDEX IF NOT EXISTS chat_by_person ON chat (person_id);
)sql";

}  // namespace carc::storage::personal_data_schema
