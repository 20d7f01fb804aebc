#pragma once
// The ratings' schema step (docs/ratings.md): each account's rating per rating key and each
// rated game's change by seat. A step of its own in each database's list of migrations
// (schema.cpp, pg_schema.cpp), so its place in the list can change without touching it.
// Ratings are integers in billionths (the stores bind integers and text only).

namespace carc::storage::ratings_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE player_ratings (
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rating_key    TEXT NOT NULL,
    rating_e9     INTEGER NOT NULL,
    rd_e9         INTEGER NOT NULL,
    volatility_e9 INTEGER NOT NULL,
    games         INTEGER NOT NULL CHECK (games >= 0),
    wins          INTEGER NOT NULL CHECK (wins >= 0),
    last_game_ms  INTEGER NOT NULL,
    PRIMARY KEY (person_id, rating_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX player_ratings_by_key ON player_ratings (rating_key, rating_e9 DESC);

-- One row per seat of a rated game: written once, in the transaction that finishes the game.
CREATE TABLE rating_changes (
    game_id        TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    person_id      TEXT,  -- NULL for a bot
    name           TEXT NOT NULL,
    bot_kind       TEXT NOT NULL,
    rating_key     TEXT NOT NULL,
    finished_at_ms INTEGER NOT NULL,
    place          INTEGER NOT NULL,
    resigned       INTEGER NOT NULL CHECK (resigned IN (0, 1)),
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    rating_before_e9     INTEGER NOT NULL,
    rd_before_e9         INTEGER NOT NULL,
    volatility_before_e9 INTEGER NOT NULL,
    rating_after_e9      INTEGER NOT NULL,
    rd_after_e9          INTEGER NOT NULL,
    volatility_after_e9  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;
CREATE INDEX rating_changes_by_person ON rating_changes (person_id, finished_at_ms);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE player_ratings (
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rating_key    TEXT NOT NULL,
    rating_e9     BIGINT NOT NULL,
    rd_e9         BIGINT NOT NULL,
    volatility_e9 BIGINT NOT NULL,
    games         INTEGER NOT NULL CHECK (games >= 0),
    wins          INTEGER NOT NULL CHECK (wins >= 0),
    last_game_ms  BIGINT NOT NULL,
    PRIMARY KEY (person_id, rating_key)
);
CREATE INDEX player_ratings_by_key ON player_ratings (rating_key, rating_e9 DESC);

-- One row per seat of a rated game: written once, in the transaction that finishes the game.
CREATE TABLE rating_changes (
    game_id        TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    person_id      TEXT,  -- NULL for a bot
    name           TEXT NOT NULL,
    bot_kind       TEXT NOT NULL,
    rating_key     TEXT NOT NULL,
    finished_at_ms BIGINT NOT NULL,
    place          INTEGER NOT NULL,
    resigned       INTEGER NOT NULL CHECK (resigned IN (0, 1)),
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    rating_before_e9     BIGINT NOT NULL,
    rd_before_e9         BIGINT NOT NULL,
    volatility_before_e9 BIGINT NOT NULL,
    rating_after_e9      BIGINT NOT NULL,
    rd_after_e9          BIGINT NOT NULL,
    volatility_after_e9  BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_by_person ON rating_changes (person_id, finished_at_ms);
)sql";

}  // namespace carc::storage::ratings_schema
