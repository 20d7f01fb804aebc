#pragma once
// The voided games' schema step (docs/ratings.md, "Voided games"): a finished game the operator
// voided keeps its record but is marked, and each account's share of a finished game's
// statistics is kept per game, so that voiding it can take that share back out of the totals
// (player_stats, player_points). A step of its own in each database's list of migrations
// (schema.cpp, pg_schema.cpp).

namespace carc::storage::voided_games_schema {

inline constexpr const char* sqlite_step = R"sql(
ALTER TABLE games ADD COLUMN voided_at_ms INTEGER;  -- NULL: counts

-- One row per account's seat of a finished game, written with its statistics.
CREATE TABLE game_seat_stats (
    game_id        TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    person_id      TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rule_key       TEXT NOT NULL,
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    tiles_placed   INTEGER NOT NULL,
    followers_used INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;
CREATE TABLE game_seat_points (
    game_id TEXT NOT NULL,
    seat    INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    points  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, kind),
    FOREIGN KEY (game_id, seat) REFERENCES game_seat_stats (game_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
)sql";

inline constexpr const char* postgres_step = R"sql(
ALTER TABLE games ADD COLUMN voided_at_ms BIGINT;  -- NULL: counts

-- One row per account's seat of a finished game, written with its statistics.
CREATE TABLE game_seat_stats (
    game_id        TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    person_id      TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rule_key       TEXT NOT NULL,
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    tiles_placed   BIGINT NOT NULL,
    followers_used BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE game_seat_points (
    game_id TEXT NOT NULL,
    seat    INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    points  BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, kind),
    FOREIGN KEY (game_id, seat) REFERENCES game_seat_stats (game_id, seat) ON DELETE CASCADE
);
)sql";

}  // namespace carc::storage::voided_games_schema
