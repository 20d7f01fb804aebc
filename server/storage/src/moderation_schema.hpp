#pragma once
// The moderation schema step (docs/moderation.md): reports about accounts, the operator's
// sanctions on accounts and addresses, and the audit log of every operator action. A step of
// its own in each database's list of migrations (schema.cpp, pg_schema.cpp), so its place in
// the list can change without touching it.

namespace carc::storage::moderation_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE reports (
    id            INTEGER PRIMARY KEY,
    reporter_id   TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    target_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    reason        TEXT NOT NULL,
    note          TEXT NOT NULL,
    room_id       TEXT,     -- the game or room it happened in
    chat_text     TEXT,     -- the reported line, as it was
    chat_time_ms  INTEGER,
    made_at_ms    INTEGER NOT NULL,
    closed_at_ms  INTEGER,  -- NULL while open
    closed_by     TEXT NOT NULL DEFAULT '',
    closing_note  TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX reports_by_reporter ON reports (reporter_id, made_at_ms);
CREATE INDEX reports_open ON reports (closed_at_ms, id);

CREATE TABLE sanctions (
    person_id   TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
    until_ms    INTEGER,  -- NULL: for good
    reason      TEXT NOT NULL,
    made_at_ms  INTEGER NOT NULL,
    PRIMARY KEY (person_id, kind)
) STRICT, WITHOUT ROWID;

CREATE TABLE address_bans (
    cidr        TEXT PRIMARY KEY,
    until_ms    INTEGER,  -- NULL: for good
    reason      TEXT NOT NULL,
    made_at_ms  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Never updated nor deleted by the server: who did what, when and why.
CREATE TABLE moderation_log (
    id        INTEGER PRIMARY KEY,
    operator  TEXT NOT NULL,
    action    TEXT NOT NULL,
    target    TEXT NOT NULL,
    detail    TEXT NOT NULL,
    reason    TEXT NOT NULL,
    time_ms   INTEGER NOT NULL
) STRICT;
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE reports (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reporter_id   TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    target_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    reason        TEXT NOT NULL,
    note          TEXT NOT NULL,
    room_id       TEXT,
    chat_text     TEXT,
    chat_time_ms  BIGINT,
    made_at_ms    BIGINT NOT NULL,
    closed_at_ms  BIGINT,
    closed_by     TEXT NOT NULL DEFAULT '',
    closing_note  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_by_reporter ON reports (reporter_id, made_at_ms);
CREATE INDEX reports_open ON reports (closed_at_ms, id);

CREATE TABLE sanctions (
    person_id   TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
    until_ms    BIGINT,
    reason      TEXT NOT NULL,
    made_at_ms  BIGINT NOT NULL,
    PRIMARY KEY (person_id, kind)
);

CREATE TABLE address_bans (
    cidr        TEXT PRIMARY KEY,
    until_ms    BIGINT,
    reason      TEXT NOT NULL,
    made_at_ms  BIGINT NOT NULL
);

CREATE TABLE moderation_log (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    operator  TEXT NOT NULL,
    action    TEXT NOT NULL,
    target    TEXT NOT NULL,
    detail    TEXT NOT NULL,
    reason    TEXT NOT NULL,
    time_ms   BIGINT NOT NULL
);
)sql";

}  // namespace carc::storage::moderation_schema
