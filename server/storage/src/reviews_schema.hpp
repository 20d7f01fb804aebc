#pragma once
// The move reviews' schema step (review_store.hpp): one row per finished game and strength,
// the job and, once done, the review's JSON. A step of its own in each database's list of
// migrations (schema.cpp, pg_schema.cpp), so its place in the list can change without touching
// it; IF NOT EXISTS lets a database that already has the table take the step again. No foreign
// key to `games`: like the games' records, a review outlives any pruning of rooms.

namespace carc::storage::reviews_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE IF NOT EXISTS reviews (
    game_id         TEXT NOT NULL,
    strength        TEXT NOT NULL,
    state           TEXT NOT NULL,
    requester       TEXT NOT NULL,
    requested_at_ms INTEGER NOT NULL,
    claimed_at_ms   INTEGER NOT NULL DEFAULT 0,
    node            TEXT NOT NULL DEFAULT '',
    judged          INTEGER NOT NULL DEFAULT 0,
    decisions       INTEGER NOT NULL DEFAULT 0,
    error           TEXT NOT NULL DEFAULT '',
    review_json     TEXT,
    PRIMARY KEY (game_id, strength)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS reviews_by_requester ON reviews (requester, requested_at_ms);
CREATE INDEX IF NOT EXISTS reviews_by_state ON reviews (state, requested_at_ms);
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE IF NOT EXISTS reviews (
    game_id         TEXT NOT NULL,
    strength        TEXT NOT NULL,
    state           TEXT NOT NULL,
    requester       TEXT NOT NULL,
    requested_at_ms BIGINT NOT NULL,
    claimed_at_ms   BIGINT NOT NULL DEFAULT 0,
    node            TEXT NOT NULL DEFAULT '',
    judged          INTEGER NOT NULL DEFAULT 0,
    decisions       INTEGER NOT NULL DEFAULT 0,
    error           TEXT NOT NULL DEFAULT '',
    review_json     TEXT,
    PRIMARY KEY (game_id, strength)
);
CREATE INDEX IF NOT EXISTS reviews_by_requester ON reviews (requester, requested_at_ms);
CREATE INDEX IF NOT EXISTS reviews_by_state ON reviews (state, requested_at_ms);
)sql";

}  // namespace carc::storage::reviews_schema
