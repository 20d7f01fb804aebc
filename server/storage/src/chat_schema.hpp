#pragma once
// The chat's schema step: the `chat` table of step 1 was never written, so it is made anew with
// what a line needs (the sender's person id, the `from` clients get). A step of its own in each
// database's list of migrations (schema.cpp, pg_schema.cpp), so its place in the list can change
// without touching it.

namespace carc::storage::chat_schema {

inline constexpr const char* sqlite_step = R"sql(
DROP TABLE chat;
CREATE TABLE chat (
    id        INTEGER PRIMARY KEY,
    room_id   TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    person_id TEXT NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat >= -1),  -- -1: a spectator
    name      TEXT NOT NULL,
    text      TEXT NOT NULL,
    time_ms   INTEGER NOT NULL
) STRICT;
CREATE INDEX chat_by_room ON chat (room_id, id);
)sql";

inline constexpr const char* postgres_step = R"sql(
DROP TABLE chat;
CREATE TABLE chat (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_id   TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    person_id TEXT NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat >= -1),  -- -1: a spectator
    name      TEXT NOT NULL,
    text      TEXT NOT NULL,
    time_ms   BIGINT NOT NULL
);
CREATE INDEX chat_by_room ON chat (room_id, id);
)sql";

// A later step, the same for both databases: a line the operator removed keeps its sender and
// time, its text replaced by "" (docs/moderation.md).
inline constexpr const char* removed_step = "ALTER TABLE chat ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;";

}  // namespace carc::storage::chat_schema
