#pragma once
// Web Push's schema step (docs/accounts.md, Notices): the server's own keys (the VAPID key pair,
// made once and the same on every node), each browser's push subscription with the session it
// came from (ending the session ends it), and a channel `push` in the notices' queue, one row
// per subscription. Each statement may run again where its work is done, so the step's place
// in the list can move.

namespace carc::storage::push_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS server_keys (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS push_subscriptions (
    id            INTEGER PRIMARY KEY,
    person_id     TEXT NOT NULL,
    session_id    TEXT NOT NULL REFERENCES account_sessions (public_id) ON DELETE CASCADE,
    endpoint      TEXT NOT NULL UNIQUE,
    p256dh        TEXT NOT NULL,
    auth          TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS push_subscriptions_by_person ON push_subscriptions (person_id);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_session ON push_subscriptions (session_id);

-- SQLite changes a CHECK only by making the table anew.
CREATE TABLE notice_queue_next (
    id              INTEGER PRIMARY KEY,
    person_id       TEXT NOT NULL,
    channel         TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'push')),
    kind            TEXT NOT NULL,
    room_id         TEXT NOT NULL,
    deadline_ms     INTEGER NOT NULL,
    created_at_ms   INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL,
    subscription_id INTEGER NOT NULL DEFAULT 0
) STRICT;
INSERT INTO notice_queue_next (id, person_id, channel, kind, room_id, deadline_ms, created_at_ms, attempts,
                               next_attempt_ms)
    SELECT id, person_id, channel, kind, room_id, deadline_ms, created_at_ms, attempts, next_attempt_ms
    FROM notice_queue;
DROP TABLE notice_queue;
ALTER TABLE notice_queue_next RENAME TO notice_queue;
CREATE INDEX notice_queue_by_due ON notice_queue (next_attempt_ms, id);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS server_keys (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS push_subscriptions (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    person_id     TEXT NOT NULL,
    session_id    TEXT NOT NULL REFERENCES account_sessions (public_id) ON DELETE CASCADE,
    endpoint      TEXT NOT NULL UNIQUE,
    p256dh        TEXT NOT NULL,
    auth          TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_person ON push_subscriptions (person_id);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_session ON push_subscriptions (session_id);

ALTER TABLE notice_queue DROP CONSTRAINT IF EXISTS notice_queue_channel_check;
ALTER TABLE notice_queue ADD CONSTRAINT notice_queue_channel_check CHECK (channel IN ('email', 'webhook', 'push'));
ALTER TABLE notice_queue ADD COLUMN IF NOT EXISTS subscription_id BIGINT NOT NULL DEFAULT 0;
)sql";

}  // namespace carc::storage::push_schema
