#pragma once
// The friends' schema step (docs/friends.md): follows and blocks between accounts, and each
// account's statistics per rule key summed from its finished games. A step of its own in each
// database's list of migrations (schema.cpp, pg_schema.cpp), so its place in the list can
// change without touching it.

namespace carc::storage::friends_schema {

inline constexpr const char* sqlite_step = R"sql(
CREATE TABLE follows (
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    target_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (person_id, target_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX follows_by_target ON follows (target_id);

CREATE TABLE blocks (
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    target_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (person_id, target_id)
) STRICT, WITHOUT ROWID;

-- Totals per account and rule key, added to in the transaction that finishes each game.
CREATE TABLE player_stats (
    person_id      TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rule_key       TEXT NOT NULL,
    games          INTEGER NOT NULL CHECK (games >= 0),
    wins           INTEGER NOT NULL CHECK (wins >= 0),
    tiles_placed   INTEGER NOT NULL,
    followers_used INTEGER NOT NULL,
    PRIMARY KEY (person_id, rule_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE player_points (
    person_id TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rule_key  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    points    INTEGER NOT NULL,
    PRIMARY KEY (person_id, rule_key, kind)
) STRICT, WITHOUT ROWID;
)sql";

inline constexpr const char* postgres_step = R"sql(
CREATE TABLE follows (
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    target_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    created_at_ms BIGINT NOT NULL,
    PRIMARY KEY (person_id, target_id)
);
CREATE INDEX follows_by_target ON follows (target_id);

CREATE TABLE blocks (
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    target_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    created_at_ms BIGINT NOT NULL,
    PRIMARY KEY (person_id, target_id)
);

-- Totals per account and rule key, added to in the transaction that finishes each game.
CREATE TABLE player_stats (
    person_id      TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rule_key       TEXT NOT NULL,
    games          INTEGER NOT NULL CHECK (games >= 0),
    wins           INTEGER NOT NULL CHECK (wins >= 0),
    tiles_placed   BIGINT NOT NULL,
    followers_used BIGINT NOT NULL,
    PRIMARY KEY (person_id, rule_key)
);

CREATE TABLE player_points (
    person_id TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    rule_key  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    points    BIGINT NOT NULL,
    PRIMARY KEY (person_id, rule_key, kind)
);
)sql";

}  // namespace carc::storage::friends_schema
