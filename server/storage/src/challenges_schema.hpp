#pragma once
// The challenges' schema step (docs/friends.md): challenges waiting for the friend's decline,
// stored so that any node finds them, and blocks looked up by the blocked account (who must not
// get a person's chat lines). A step of its own in each database's list of migrations
// (schema.cpp, pg_schema.cpp), so its place in the list can change without touching it; IF NOT
// EXISTS lets a database that already has the tables take the step again. No foreign keys: a
// challenge is only kept a week, and the older steps' tables stay free to drop and make again.

namespace carc::storage::challenges_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS challenges (
    room_id     TEXT PRIMARY KEY,
    from_person TEXT NOT NULL,
    from_name   TEXT NOT NULL,
    to_person   TEXT NOT NULL,
    to_name     TEXT NOT NULL,
    made_at_ms  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS challenges_by_time ON challenges (made_at_ms);
CREATE INDEX IF NOT EXISTS blocks_by_target ON blocks (target_id);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS challenges (
    room_id     TEXT PRIMARY KEY,
    from_person TEXT NOT NULL,
    from_name   TEXT NOT NULL,
    to_person   TEXT NOT NULL,
    to_name     TEXT NOT NULL,
    made_at_ms  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS challenges_by_time ON challenges (made_at_ms);
CREATE INDEX IF NOT EXISTS blocks_by_target ON blocks (target_id);
)sql";

}  // namespace carc::storage::challenges_schema
