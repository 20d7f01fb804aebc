#pragma once
// Counters kept in the store (docs/scaling.md, "Room ids"; docs/tournaments.md, "Caps"): the
// next room number, which every node (and a node after a restart) takes its room ids from, so
// an id is never issued twice; and a row that tournament creations lock, so their caps are
// counted one creation at a time across nodes. The room counter starts above every room id
// the store already holds (rooms, finished games, tournament tables). IF NOT EXISTS and the
// ignored inserts let a database that has the table take the step again.

namespace carc::storage::counters_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS id_counters (
    name       TEXT PRIMARY KEY,
    next_value INTEGER NOT NULL CHECK (next_value >= 1)
) STRICT, WITHOUT ROWID;
INSERT OR IGNORE INTO id_counters (name, next_value)
    SELECT 'room', COALESCE(MAX(n), 0) + 1 FROM (
        SELECT CAST(substr(room_id, 2) AS INTEGER) AS n FROM rooms WHERE room_id GLOB 'r[0-9]*'
        UNION ALL SELECT CAST(substr(game_id, 2) AS INTEGER) FROM games WHERE game_id GLOB 'r[0-9]*'
        UNION ALL SELECT CAST(substr(room_id, 2) AS INTEGER) FROM tournament_tables WHERE room_id GLOB 'r[0-9]*');
INSERT OR IGNORE INTO id_counters (name, next_value) VALUES ('tournament', 1);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS id_counters (
    name       TEXT PRIMARY KEY,
    next_value BIGINT NOT NULL CHECK (next_value >= 1)
);
INSERT INTO id_counters (name, next_value)
    SELECT 'room', COALESCE(MAX(substr(id, 2)::bigint), 0) + 1 FROM (
        SELECT room_id AS id FROM rooms
        UNION ALL SELECT game_id FROM games
        UNION ALL SELECT room_id FROM tournament_tables) ids
    WHERE id ~ '^r[0-9]{1,18}$'
    ON CONFLICT DO NOTHING;
INSERT INTO id_counters (name, next_value) VALUES ('tournament', 1) ON CONFLICT DO NOTHING;
)sql";

// What each room counts against its creator's caps across nodes (pg_store_charges.cpp): a row
// per room a person opened, with the address it came from ('' when not counted per address)
// and its search-bot seats. PostgreSQL only: one node on SQLite counts in memory.
inline constexpr const char* postgres_charges_step = R"sql(
CREATE TABLE IF NOT EXISTS room_charges (
    room_id     TEXT PRIMARY KEY,
    person_id   TEXT NOT NULL,
    address     TEXT NOT NULL,
    search_bots INTEGER NOT NULL CHECK (search_bots >= 0)
);
CREATE INDEX IF NOT EXISTS room_charges_by_person ON room_charges (person_id);
CREATE INDEX IF NOT EXISTS room_charges_by_address ON room_charges (address);
)sql";

}  // namespace carc::storage::counters_schema
