#pragma once
// The tournaments' schema step (docs/tournaments.md): tournaments, their players and their
// tables round by round. A step of its own in each database's list of migrations (schema.cpp,
// pg_schema.cpp), so its place in the list can change without touching it; IF NOT EXISTS lets
// a database that already has the tables take the step again.

namespace carc::storage::tournaments_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS tournaments (
    tournament_id TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    creator_id    TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    format        TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    settings_json TEXT NOT NULL,
    starts_at_ms  INTEGER,  -- NULL: the creator starts it
    status        TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    round         INTEGER NOT NULL CHECK (round >= 0),
    created_at_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, created_at_ms);

CREATE TABLE IF NOT EXISTS tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    person_id     TEXT NOT NULL,
    name          TEXT NOT NULL,
    entry         INTEGER NOT NULL CHECK (entry > 0),
    seed          INTEGER NOT NULL,
    joined_round  INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, person_id),
    UNIQUE (tournament_id, entry)
) STRICT, WITHOUT ROWID;

-- A bye has no room. places stays NULL until the game ends.
CREATE TABLE IF NOT EXISTS tournament_tables (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round > 0),
    table_no      INTEGER NOT NULL CHECK (table_no >= 0),
    room_id       TEXT UNIQUE,
    players       TEXT NOT NULL,  -- person ids in seat order, comma-separated
    places        TEXT,           -- places by seat (0 first), comma-separated
    PRIMARY KEY (tournament_id, round, table_no)
) STRICT, WITHOUT ROWID;
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS tournaments (
    tournament_id TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    creator_id    TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    format        TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    settings_json TEXT NOT NULL,
    starts_at_ms  BIGINT,  -- NULL: the creator starts it
    status        TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    round         INTEGER NOT NULL CHECK (round >= 0),
    created_at_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, created_at_ms);

CREATE TABLE IF NOT EXISTS tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    person_id     TEXT NOT NULL,
    name          TEXT NOT NULL,
    entry         INTEGER NOT NULL CHECK (entry > 0),
    seed          BIGINT NOT NULL,
    joined_round  INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, person_id),
    UNIQUE (tournament_id, entry)
);

-- A bye has no room. places stays NULL until the game ends.
CREATE TABLE IF NOT EXISTS tournament_tables (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round > 0),
    table_no      INTEGER NOT NULL CHECK (table_no >= 0),
    room_id       TEXT UNIQUE,
    players       TEXT NOT NULL,  -- person ids in seat order, comma-separated
    places        TEXT,           -- places by seat (0 first), comma-separated
    PRIMARY KEY (tournament_id, round, table_no)
);
)sql";

}  // namespace carc::storage::tournaments_schema
