#pragma once
// The notices' schema step (docs/accounts.md, Notices): the queue of notices still to send and
// the tokens of the links in mails. A step of its own in each database's list of migrations
// (schema.cpp, pg_schema.cpp), so its place in the list can change without touching it.

namespace carc::storage::notices_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE notice_queue (
    id              INTEGER PRIMARY KEY,
    person_id       TEXT NOT NULL,
    channel         TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
    kind            TEXT NOT NULL,
    room_id         TEXT NOT NULL,
    deadline_ms     INTEGER NOT NULL,
    created_at_ms   INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX notice_queue_by_due ON notice_queue (next_attempt_ms, id);

-- Only the SHA-256 of a link's token is kept.
CREATE TABLE link_tokens (
    token_sha256  TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    purpose       TEXT NOT NULL CHECK (purpose IN ('unsubscribe', 'confirm_email', 'password_reset')),
    email         TEXT NOT NULL,
    expires_at_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX link_tokens_by_expiry ON link_tokens (expires_at_ms);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE notice_queue (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    person_id       TEXT NOT NULL,
    channel         TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
    kind            TEXT NOT NULL,
    room_id         TEXT NOT NULL,
    deadline_ms     BIGINT NOT NULL,
    created_at_ms   BIGINT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms BIGINT NOT NULL
);
CREATE INDEX notice_queue_by_due ON notice_queue (next_attempt_ms, id);

-- Only the SHA-256 of a link's token is kept.
CREATE TABLE link_tokens (
    token_sha256  TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    purpose       TEXT NOT NULL CHECK (purpose IN ('unsubscribe', 'confirm_email', 'password_reset')),
    email         TEXT NOT NULL,
    expires_at_ms BIGINT NOT NULL
);
CREATE INDEX link_tokens_by_expiry ON link_tokens (expires_at_ms);
)sql";

// The second step: mails sent unasked, counted per address and per account in clock windows
// (NoticeStore::count_unasked_mail). IF NOT EXISTS: the step may be taken again where the table
// already is, so its place in the list can move.
inline constexpr const char* counts_step = R"sql(
CREATE TABLE IF NOT EXISTS mail_counts (
    counted_key     TEXT NOT NULL,
    window_start_ms BIGINT NOT NULL,
    sent            INTEGER NOT NULL,
    PRIMARY KEY (counted_key, window_start_ms)
);
CREATE INDEX IF NOT EXISTS mail_counts_by_window ON mail_counts (window_start_ms);
)sql";

}  // namespace carc::storage::notices_schema
