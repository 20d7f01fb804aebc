#include "schema.hpp"

#include <array>
#include <string>

#include "challenges_schema.hpp"
#include "reviews_schema.hpp"
#include "moderation_schema.hpp"
#include "name_skeleton_schema.hpp"
#include "attempts_schema.hpp"
#include "chat_schema.hpp"
#include "counters_schema.hpp"
#include "notices_schema.hpp"
#include "push_schema.hpp"
#include "personal_data_schema.hpp"
#include "sign_in_links_schema.hpp"
#include "friends_schema.hpp"
#include "ratings_schema.hpp"
#include "tournaments_schema.hpp"
#include "account_language_schema.hpp"
#include "session_address_schema.hpp"

namespace carc::storage::schema {
namespace {

// Migration i (0-based) takes a file from version i to i + 1. Append only: never edit a
// migration that has shipped, add a new one instead (docs/storage.md).
constexpr std::array<const char*, 23> migrations = {
    // 1: rooms, seats, the action journal, clocks, chat and finished games.
    R"sql(
CREATE TABLE rooms (
    room_id         TEXT PRIMARY KEY,
    status          TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    config_json     TEXT NOT NULL,
    seed            INTEGER NOT NULL,  -- the engine's uint64 seed, bit-cast to int64; secret
    seed_commitment TEXT NOT NULL,
    engine_version  TEXT NOT NULL,
    created_at_ms   INTEGER NOT NULL,
    clock_active_seat         INTEGER,  -- NULL when the room has no saved clock
    clock_turn_started_at_ms  INTEGER
) STRICT;
CREATE INDEX rooms_by_status ON rooms (status, created_at_ms);

CREATE TABLE seats (
    room_id      TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    player_name  TEXT NOT NULL,
    token_sha256 TEXT CHECK (token_sha256 IS NULL OR length(token_sha256) = 64),
    bot_kind     TEXT NOT NULL,
    PRIMARY KEY (room_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE actions (
    room_id     TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    actor_seat  INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    events_json TEXT,
    state_hash  INTEGER,  -- uint64 bit-cast to int64; NULL when journaled before applying
    time_ms     INTEGER NOT NULL,
    PRIMARY KEY (room_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE checkpoints (
    room_id    TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state_hash INTEGER NOT NULL,  -- uint64 bit-cast to int64
    PRIMARY KEY (room_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE seat_clocks (
    room_id      TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    remaining_ms INTEGER NOT NULL,
    PRIMARY KEY (room_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE chat (
    id      INTEGER PRIMARY KEY,
    room_id TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    name    TEXT NOT NULL,
    text    TEXT NOT NULL,
    time_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX chat_by_room ON chat (room_id, id);

-- Finished games stand alone (no foreign key to rooms): the record holds everything, so a
-- room's journal may be pruned later without losing the game.
CREATE TABLE games (
    game_id        TEXT PRIMARY KEY,
    finished_at_ms INTEGER NOT NULL,
    rule_system    TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    record_json    TEXT NOT NULL
) STRICT;
CREATE INDEX games_by_finished ON games (finished_at_ms DESC, game_id DESC);

CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    name    TEXT NOT NULL,
    score   INTEGER NOT NULL,
    winner  INTEGER NOT NULL CHECK (winner IN (0, 1)),
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;
CREATE INDEX game_players_by_name ON game_players (name);
)sql",
    // 2: adjourned games (running rooms put aside because no one was online).
    R"sql(
CREATE TABLE adjourned (
    room_id TEXT PRIMARY KEY REFERENCES rooms (room_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
)sql",
    // 3: accounts and their sessions (docs/accounts.md); seats found by their person's token.
    R"sql(
CREATE TABLE accounts (
    person_id           TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    name_key            TEXT NOT NULL UNIQUE,  -- the name compared ignoring case
    password_hash       TEXT NOT NULL,         -- libsodium's Argon2id string, never the password
    person_token_sha256 TEXT NOT NULL CHECK (length(person_token_sha256) = 64),
    created_at_ms       INTEGER NOT NULL,
    email               TEXT,
    email_confirmed     INTEGER NOT NULL DEFAULT 0 CHECK (email_confirmed IN (0, 1)),
    auto_vacation       INTEGER NOT NULL DEFAULT 0 CHECK (auto_vacation IN (0, 1)),
    notices_json        TEXT NOT NULL DEFAULT '{}',
    webhook_url         TEXT
) STRICT;

-- Only the SHA-256 of a session's secret is kept; an ended session's row is deleted.
CREATE TABLE account_sessions (
    secret_sha256 TEXT PRIMARY KEY CHECK (length(secret_sha256) = 64),
    public_id     TEXT NOT NULL UNIQUE,
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('cookie', 'token')),
    device        TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    last_seen_ms  INTEGER NOT NULL
) STRICT;
CREATE INDEX account_sessions_by_person ON account_sessions (person_id, last_seen_ms);
CREATE INDEX seats_by_token ON seats (token_sha256);
)sql",
    // 4: turn-based games: each one's current move and its deadline; vacation days spent.
    R"sql(
CREATE TABLE turn_deadlines (
    room_id     TEXT PRIMARY KEY REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    seq         INTEGER NOT NULL CHECK (seq >= 0),  -- actions journaled when the move became the seat's
    deadline_ms INTEGER                             -- NULL: nobody's time runs (a bot's move, or fired)
) STRICT, WITHOUT ROWID;
CREATE TABLE vacation (
    person_id  TEXT PRIMARY KEY REFERENCES accounts (person_id) ON DELETE CASCADE,
    spent_days INTEGER NOT NULL CHECK (spent_days >= 0)
) STRICT, WITHOUT ROWID;
)sql",
    // 5: the notices' queue and link tokens (notices_schema.hpp).
    notices_schema::sqlite_step,
    // 6: ratings per rating key and each rated game's change (ratings_schema.hpp).
    ratings_schema::sqlite_step,
    // 7: chat lines with their sender, kept with their room (chat_schema.hpp).
    chat_schema::sqlite_step,
    // 8: follows, blocks and statistics per rule key (friends_schema.hpp).
    friends_schema::sqlite_step,
    // 9: tournaments, their players and tables (tournaments_schema.hpp).
    tournaments_schema::sqlite_step,
    // 10: nothing; PostgreSQL's step adds the journal's append as one call (pg_schema.cpp).
    "",
    // 11: challenges waiting for a decline, blocks by the blocked account (challenges_schema.hpp).
    challenges_schema::sqlite_step,
    // 12: move reviews, one per finished game and strength (reviews_schema.hpp).
    reviews_schema::sqlite_step,
    // 13: each account's name as its confusable skeleton, unique (name_skeleton_schema.hpp).
    name_skeleton_schema::sqlite_step,
    // 14: mails sent unasked, counted per address and per account (notices_schema.hpp).
    notices_schema::counts_step,
    // 15: sign-in and sign-up attempts, counted for every node (attempts_schema.hpp).
    attempts_schema::step,
    // 16: Web Push: the server's keys, browsers' subscriptions, the queue's `push` channel
    // (push_schema.hpp).
    push_schema::sqlite_step,
    // 17: reports, sanctions on accounts and addresses, the operators' audit log (moderation_schema.hpp).
    moderation_schema::sqlite_step,
    // 18: deleted accounts: their names held for a while, their seats' replacement name
    // (personal_data_schema.hpp).
    personal_data_schema::sqlite_step,
    // 19: mailed sign-in links, bound to the browser that asked (sign_in_links_schema.hpp).
    sign_in_links_schema::sqlite_step,
    // 20: the next room number and the tournaments' creation lock (counters_schema.hpp).
    counters_schema::sqlite_step,
    // 21: nothing; PostgreSQL's step adds what rooms count against caps across nodes (pg_schema.cpp).
    "",
    // 22: the account's language, for its mails (account_language_schema.hpp).
    account_language_schema::step,
    // 23: the address each session was made from (session_address_schema.hpp).
    session_address_schema::step,
};

Result<int> read_user_version(const sqlite::Database& db) {
    auto stmt = sqlite::Statement::prepare(db, "PRAGMA user_version");
    if (!stmt) return stmt.error();
    auto row = stmt->step();
    if (!row) return row.error();
    return static_cast<int>(stmt->column_int64(0));
}

}  // namespace

int current_version() { return static_cast<int>(migrations.size()); }

Status migrate(sqlite::Connection& conn) {
    sqlite::Database& db = conn.database();
    for (;;) {
        auto tx = sql::Transaction::begin(conn, sql::TransactionKind::write);
        if (!tx) return tx.status();
        // Read inside the write lock, so two openers cannot both apply the same migration.
        auto version = read_user_version(db);
        if (!version) return version.status();
        if (*version >= current_version()) return {};  // the destructor ends the transaction

        const int next = *version + 1;
        if (auto applied = db.exec(migrations[static_cast<std::size_t>(*version)]); !applied) {
            return Error{applied.code(), "migration to schema version " + std::to_string(next) +
                                             " failed: " + applied.message()};
        }
        const std::string stamp = "PRAGMA application_id = " + std::to_string(application_id) +
                                  "; PRAGMA user_version = " + std::to_string(next);
        if (auto stamped = db.exec(stamp); !stamped) return stamped;
        if (auto committed = tx->commit(); !committed) return committed;
    }
}

}  // namespace carc::storage::schema
