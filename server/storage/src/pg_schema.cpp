#include "pg_schema.hpp"

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

namespace carc::storage::pg_schema {
namespace {

// Migration i takes the schema from version i to i + 1. Append only (docs/storage.md).
constexpr std::array<const char*, 23> migrations = {
    // 1: rooms, seats, the journal, clocks, chat, finished games, room leases and people.
    R"sql(
CREATE TABLE rooms (
    room_id         TEXT PRIMARY KEY,
    status          TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'adjourned', 'finished', 'abandoned')),
    config_json     TEXT NOT NULL,
    seed            BIGINT NOT NULL,  -- the engine's uint64 seed, bit-cast to int64; secret
    seed_commitment TEXT NOT NULL,
    engine_version  TEXT NOT NULL,
    created_at_ms   BIGINT NOT NULL,
    clock_active_seat        INTEGER,
    clock_turn_started_at_ms BIGINT
);
CREATE INDEX rooms_by_status ON rooms (status, created_at_ms);

CREATE TABLE seats (
    room_id      TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    player_name  TEXT NOT NULL,
    token_sha256 TEXT CHECK (token_sha256 IS NULL OR length(token_sha256) = 64),
    bot_kind     TEXT NOT NULL,
    PRIMARY KEY (room_id, seat)
);

CREATE TABLE actions (
    room_id     TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL CHECK (seq >= 1),
    actor_seat  INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    events_json TEXT,
    state_hash  BIGINT,
    time_ms     BIGINT NOT NULL,
    PRIMARY KEY (room_id, seq)
);

CREATE TABLE checkpoints (
    room_id    TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seq        BIGINT NOT NULL CHECK (seq >= 0),
    state_hash BIGINT NOT NULL,
    PRIMARY KEY (room_id, seq)
);

CREATE TABLE seat_clocks (
    room_id      TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    remaining_ms BIGINT NOT NULL,
    PRIMARY KEY (room_id, seat)
);

CREATE TABLE chat (
    id      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_id TEXT NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    name    TEXT NOT NULL,
    text    TEXT NOT NULL,
    time_ms BIGINT NOT NULL
);
CREATE INDEX chat_by_room ON chat (room_id, id);

CREATE TABLE games (
    game_id        TEXT PRIMARY KEY,
    finished_at_ms BIGINT NOT NULL,
    rule_system    TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    record_json    TEXT NOT NULL
);
CREATE INDEX games_by_finished ON games (finished_at_ms DESC, game_id DESC);

CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    name    TEXT NOT NULL,
    score   BIGINT NOT NULL,
    winner  BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_by_name ON game_players (name);

-- Which node owns a room. No foreign key: a node takes the lease before it creates the room,
-- so no other node ever sees the room without an owner. `epoch` grows with every new owner;
-- every write to the room checks it (fencing), times come from the database's clock.
CREATE TABLE room_leases (
    room_id    TEXT PRIMARY KEY,
    node_id    TEXT NOT NULL,
    public_url TEXT NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX room_leases_by_node ON room_leases (node_id);
CREATE INDEX room_leases_by_expiry ON room_leases (expires_at);

-- People, so a token works on every node (only its SHA-256 is kept, as in seats).
CREATE TABLE people (
    token_sha256 TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
    person_id    TEXT NOT NULL,
    name         TEXT NOT NULL
);
CREATE INDEX seats_by_token ON seats (token_sha256);

-- Every node's public rooms, for one lobby across nodes: a node writes its own rows and
-- NOTIFYs carc_lobby; the others LISTEN and read the rows whose owner's lease is live.
CREATE TABLE lobby_rooms (
    room_id      TEXT PRIMARY KEY,
    node_id      TEXT NOT NULL,
    summary_json TEXT NOT NULL
);
)sql",
    // 2: the SQLite schema's form of an adjourned game (a running room with a row in
    // `adjourned`), so both databases answer the store's one set of queries.
    R"sql(
CREATE TABLE adjourned (
    room_id TEXT PRIMARY KEY REFERENCES rooms (room_id) ON DELETE CASCADE
);
INSERT INTO adjourned (room_id) SELECT room_id FROM rooms WHERE status = 'adjourned';
UPDATE rooms SET status = 'running' WHERE status = 'adjourned';
)sql",
    // 3: accounts and their sessions (docs/accounts.md).
    R"sql(
CREATE TABLE accounts (
    person_id           TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    name_key            TEXT NOT NULL UNIQUE,  -- the name compared ignoring case
    password_hash       TEXT NOT NULL,         -- libsodium's Argon2id string, never the password
    person_token_sha256 TEXT NOT NULL CHECK (length(person_token_sha256) = 64),
    created_at_ms       BIGINT NOT NULL,
    email               TEXT,
    email_confirmed     BOOLEAN NOT NULL DEFAULT FALSE,
    auto_vacation       BOOLEAN NOT NULL DEFAULT FALSE,
    notices_json        TEXT NOT NULL DEFAULT '{}',
    webhook_url         TEXT
);

-- Only the SHA-256 of a session's secret is kept; an ended session's row is deleted.
CREATE TABLE account_sessions (
    secret_sha256 TEXT PRIMARY KEY CHECK (length(secret_sha256) = 64),
    public_id     TEXT NOT NULL UNIQUE,
    person_id     TEXT NOT NULL REFERENCES accounts (person_id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('cookie', 'token')),
    device        TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    last_seen_ms  BIGINT NOT NULL
);
CREATE INDEX account_sessions_by_person ON account_sessions (person_id, last_seen_ms);
)sql",
    // 4: turn-based games: each one's current move and its deadline; vacation days spent.
    R"sql(
CREATE TABLE turn_deadlines (
    room_id     TEXT PRIMARY KEY REFERENCES rooms (room_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    seq         BIGINT NOT NULL CHECK (seq >= 0),  -- actions journaled when the move became the seat's
    deadline_ms BIGINT                             -- NULL: nobody's time runs (a bot's move, or fired)
);
CREATE TABLE vacation (
    person_id  TEXT PRIMARY KEY REFERENCES accounts (person_id) ON DELETE CASCADE,
    spent_days INTEGER NOT NULL CHECK (spent_days >= 0)
);
)sql",
    // 5: the notices' queue and link tokens (notices_schema.hpp).
    notices_schema::postgres_step,
    // 6: ratings per rating key and each rated game's change (ratings_schema.hpp).
    ratings_schema::postgres_step,
    // 7: chat lines with their sender, kept with their room (chat_schema.hpp).
    chat_schema::postgres_step,
    // 8: follows, blocks and statistics per rule key (friends_schema.hpp).
    friends_schema::postgres_step,
    // 9: tournaments, their players and tables (tournaments_schema.hpp).
    tournaments_schema::postgres_step,
    // 10: an action appended by one call, so that a group commit is one pipeline (one round
    // trip, pg_store_pipeline.cpp): the checks of SqlStore::append_action_locked (the lease
    // fence, a room that takes actions, the next seq), the row, and the clocks after it. It
    // raises instead of answering why: PostgreSQL then skips the rest of the pipeline, and the
    // store does the batch again statement by statement, which answers each write exactly.
    R"sql(
CREATE OR REPLACE FUNCTION carc_append_action(p_room TEXT, p_node TEXT, p_epoch BIGINT, p_seq BIGINT, p_actor INTEGER,
                                   p_action TEXT, p_events TEXT, p_hash BIGINT, p_time BIGINT,
                                   p_clock_seat INTEGER, p_clock_started BIGINT, p_clock_seats INTEGER[],
                                   p_clock_remaining BIGINT[])
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF p_node IS NOT NULL THEN
        PERFORM 1 FROM room_leases WHERE room_id = p_room AND node_id = p_node AND epoch = p_epoch FOR SHARE;
        IF NOT FOUND THEN RAISE EXCEPTION 'room %: fenced', p_room; END IF;
    END IF;
    PERFORM 1 FROM rooms WHERE room_id = p_room AND status IN ('lobby', 'running');
    IF NOT FOUND THEN RAISE EXCEPTION 'room %: takes no actions', p_room; END IF;
    IF (SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = p_room) <> p_seq - 1 THEN
        RAISE EXCEPTION 'room %: seq % out of sequence', p_room, p_seq;
    END IF;
    INSERT INTO actions (room_id, seq, actor_seat, action_json, events_json, state_hash, time_ms)
        VALUES (p_room, p_seq, p_actor, p_action, p_events, p_hash, p_time);
    IF p_clock_seats IS NOT NULL THEN
        UPDATE rooms SET clock_active_seat = p_clock_seat, clock_turn_started_at_ms = p_clock_started
            WHERE room_id = p_room;
        DELETE FROM seat_clocks WHERE room_id = p_room;
        INSERT INTO seat_clocks (room_id, seat, remaining_ms)
            SELECT p_room, c.seat, c.remaining FROM unnest(p_clock_seats, p_clock_remaining) AS c (seat, remaining);
    END IF;
END $$;
)sql",
    // 11: challenges waiting for a decline, blocks by the blocked account (challenges_schema.hpp).
    challenges_schema::postgres_step,
    // 12: move reviews, one per finished game and strength (reviews_schema.hpp).
    reviews_schema::postgres_step,
    // 13: each account's name as its confusable skeleton, unique (name_skeleton_schema.hpp).
    name_skeleton_schema::postgres_step,
    // 14: mails sent unasked, counted per address and per account (notices_schema.hpp).
    notices_schema::counts_step,
    // 15: sign-in and sign-up attempts, counted for every node (attempts_schema.hpp).
    attempts_schema::step,
    // 16: Web Push: the server's keys, browsers' subscriptions, the queue's `push` channel
    // (push_schema.hpp).
    push_schema::postgres_step,
    // 17: reports, sanctions on accounts and addresses, the operators' audit log (moderation_schema.hpp).
    moderation_schema::postgres_step,
    // 18: deleted accounts: their names held for a while, their seats' replacement name
    // (personal_data_schema.hpp).
    personal_data_schema::postgres_step,
    // 19: mailed sign-in links, bound to the browser that asked (sign_in_links_schema.hpp).
    sign_in_links_schema::postgres_step,
    // 20: the next room number and the tournaments' creation lock (counters_schema.hpp).
    counters_schema::postgres_step,
    // 21: what each room counts against its creator's caps across nodes (counters_schema.hpp).
    counters_schema::postgres_charges_step,
    // 22: the account's language, for its mails (account_language_schema.hpp).
    account_language_schema::step,
    // 23: the address each session was made from (session_address_schema.hpp).
    session_address_schema::step,
};

}  // namespace

int current_version() { return static_cast<int>(migrations.size()); }

Status migrate(pg::SqlConnection& db) {
    auto tx = sql::Transaction::begin(db, sql::TransactionKind::write);
    pg::Connection& conn = db.raw();
    if (!tx) return tx.status();
    // One migrator at a time across every node (the lock ends with the transaction).
    if (auto locked = conn.run("SELECT pg_advisory_xact_lock(7305443)"); !locked) return locked;
    if (auto made = conn.run("CREATE TABLE IF NOT EXISTS carc_schema (version INTEGER NOT NULL)");
        !made)
        return made;
    auto version_rows = conn.query("SELECT version FROM carc_schema");
    if (!version_rows) return version_rows.status();
    int version = 0;
    if (version_rows->size() == 0) {
        if (auto seeded = conn.run("INSERT INTO carc_schema (version) VALUES (0)"); !seeded) return seeded;
    } else {
        version = static_cast<int>(version_rows->int64(0, 0));
    }
    if (version > current_version()) {
        return {ErrorCode::newer_schema, "the PostgreSQL schema is version " + std::to_string(version) +
                                             ", newer than this server's " +
                                             std::to_string(current_version())};
    }
    for (; version < current_version(); ++version) {
        if (auto applied = conn.run_script(migrations[static_cast<std::size_t>(version)]); !applied) {
            return {applied.code(), "migration to schema version " + std::to_string(version + 1) +
                                        " failed: " + applied.message()};
        }
    }
    if (auto stamped = conn.run("UPDATE carc_schema SET version = $1", {pg::number(version)}); !stamped)
        return stamped;
    return tx->commit();
}

}  // namespace carc::storage::pg_schema
