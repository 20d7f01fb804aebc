#pragma once
// The storage interface the server talks to: exactly what the server calls (docs/storage.md).
// Both databases implement it through one logic (src/sql_store.hpp).
//
// Every method is thread-safe and never throws: failures come back as Status/Result. Every
// write is durable when it returns success (committed, and synced to disk as configured).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

class Store {
public:
    virtual ~Store() = default;

    // --- writes --------------------------------------------------------------------------------
    // The journal's writes (records.hpp, JournalWrite) of many rooms in one transaction with one
    // commit (one fsync) for all. Each write runs in its own savepoint, so a refused one changes
    // nothing and leaves the others; result i is write i's outcome. When the commit itself fails
    // every write fails and none is stored. Refusals: an ActionWrite gets sequence_gap unless
    // its seq is the room's last + 1, invalid_state when the room is finished or abandoned; a
    // write to a missing room not_found; a BeginGameWrite of a taken id (other than a waiting
    // room's) already_exists; its checkpoint beyond the journal invalid_argument; a FinishWrite
    // of a finished game already_exists; PostgreSQL with a node id: fenced when this node lost
    // the room's lease; io_error when the disk or the connection fails.
    virtual std::vector<Status> write_batch(const std::vector<JournalWrite>& writes) = 0;
    // One status change in a transaction of its own (start-up marks a room that fails to replay
    // abandoned), as a StatusWrite: lobby -> running -> abandoned; running <-> adjourned;
    // `finished` only through FinishWrite. invalid_state when the room is already finished or
    // abandoned, or is adjourned without running first.
    virtual Status set_room_status(std::string_view room_id, RoomStatus status) = 0;

    // --- reads ---------------------------------------------------------------------------------
    // Every room in status lobby, running or adjourned, ordered by creation, with its seats,
    // ordered actions, checkpoints and clocks: what start-up replays through the engine. An
    // adjourned room comes with its seats only (start-up does not bring it back); load_room
    // loads it whole when a player returns.
    virtual Result<std::vector<StoredRoom>> load_unfinished() = 0;
    // One unfinished room whole; nullopt when there is no such unfinished room.
    virtual Result<std::optional<StoredRoom>> load_room(std::string_view room_id) = 0;
    // The id of every room and finished game ever stored, so a restarted server never hands out
    // an id again (a new game under an old id could not be stored).
    virtual Result<std::vector<std::string>> known_ids() = 0;
    // The next room number from the store's counter (docs/scaling.md, "Room ids"): every node,
    // and a node after a restart, takes ids from it, so no number is ever handed out twice. At
    // least `at_least` (above the ids already stored, should any have come from elsewhere).
    virtual Result<std::uint64_t> take_room_number(std::uint64_t at_least) = 0;

    // --- commits on the caller's thread ----------------------------------------------------------
    // Asks the store to make its commits cheap enough to run on the thread that submits them:
    // no fsync and no network round trip in a commit, and its housekeeping (SQLite: copying the
    // WAL back into the database, which fsyncs) left to maintain(). The caller promises to call
    // maintain() from a thread that may wait on the disk whenever maintenance_due() says so.
    // false, and nothing changes, when a commit must wait (synchronous=FULL fsyncs every commit;
    // PostgreSQL answers over the network).
    virtual bool enable_inline_commits() { return false; }
    virtual bool maintenance_due() const { return false; }
    virtual Status maintain() { return {}; }

    // --- finished games ------------------------------------------------------------------------
    // Most recently finished first.
    virtual Result<std::vector<GameSummary>> list_finished(int limit, int offset) = 0;
    // The record_json of a finished game, nullopt when there is no such game.
    virtual Result<std::optional<std::string>> get_game(std::string_view game_id) = 0;
};

// Accounts and their sessions (docs/accounts.md), in the same database as the games, so every
// node sees them. Implemented by both stores beside Store. Thread-safe, never throws.
class AccountStore {
public:
    virtual ~AccountStore() = default;

    // The account with its first session, together. already_exists when the name (ignoring
    // case, or its skeleton) or the person already has an account.
    virtual Status create_account(const AccountRecord& account, const SessionRecord& first) = 0;
    // nullopt when there is no such account.
    virtual Result<std::optional<AccountRecord>> account_by_name(std::string_view name_key) = 0;
    // The account whose name_key is `name_key`, else the one whose name looks like it (its
    // skeleton is `skeleton`); nullopt when neither.
    virtual Result<std::optional<AccountRecord>> account_by_look(std::string_view name_key,
                                                                 std::string_view skeleton) = 0;
    // The accounts stored before skeletons were: (person id, name) of each whose skeleton is unknown.
    virtual Result<std::vector<std::pair<std::string, std::string>>> accounts_without_skeleton() = 0;
    // Stores an account's skeleton; already_exists when another account holds it.
    virtual Status set_name_skeleton(std::string_view person_id, std::string_view skeleton) = 0;
    virtual Result<std::optional<AccountRecord>> account_of(std::string_view person_id) = 0;
    virtual Status update_settings(std::string_view person_id, const AccountSettings& settings) = 0;
    // Replaces the password hash and ends every session of the account but `keep`.
    virtual Status change_password(std::string_view person_id, std::string_view password_hash,
                                   const TokenHash& keep) = 0;

    virtual Status add_session(const SessionRecord& session) = 0;
    // The session of this secret, nullopt when it never was, ended or expired (last seen before
    // `seen_after_ms`). Marks it seen at `now_ms` when it was last marked over a minute before.
    virtual Result<std::optional<SessionRecord>> use_session(const TokenHash& secret_hash, TimeMs now_ms,
                                                             TimeMs seen_after_ms) = 0;
    // The account's sessions, most recently seen first.
    virtual Result<std::vector<SessionRecord>> sessions_of(std::string_view person_id) = 0;
    // Ends one session by its public id (not_found when the account has no such session) and
    // returns its secret's hash, so the caller can close its sockets.
    virtual Result<TokenHash> end_session(std::string_view person_id, std::string_view public_id) = 0;
    // Ends every session of the account but `keep`; the ended ones' hashes.
    virtual Result<std::vector<TokenHash>> end_other_sessions(std::string_view person_id, const TokenHash& keep) = 0;
    // Of these secrets' hashes, the ones whose session still exists (a node checks its open
    // sockets against it, so a session ended at any node closes them everywhere).
    virtual Result<std::vector<TokenHash>> live_sessions(const std::vector<TokenHash>& secret_hashes) = 0;

    // Every room whose seats hold this person token's hash, newest first.
    virtual Result<std::vector<SeatedGame>> seated_games(const TokenHash& person_token_hash) = 0;

    // Attempts (sign-ins, wrong passwords, sign-ups) counted per key in a sliding window, for
    // every node at once. How long until `key` may try again with at most `limit` attempts in
    // the window (the oldest counted one's expiry less `now_ms`); nullopt when it may now.
    virtual Result<std::optional<TimeMs>> attempt_wait(std::string_view key, int limit, TimeMs now_ms) = 0;
    // Counts one attempt of `key` until `expires_ms`; attempts that expired go.
    virtual Status count_attempt(std::string_view key, TimeMs now_ms, TimeMs expires_ms) = 0;
    // Forgets every attempt whose key starts with `prefix`.
    virtual Status forget_attempts(std::string_view prefix) = 0;
};

// Turn-based games' deadlines and vacation days (docs/accounts.md). Implemented by both stores.
// Thread-safe, never throws.
class TurnStore {
public:
    virtual ~TurnStore() = default;
    // One conditional UPDATE decides: of every node that fires the same passed deadline, one
    // gets `vacation` or `expired`, the others `lost`. A vacation day is spent when the seat's
    // account has one and auto_vacation on (or `on_purpose`); otherwise the deadline is cleared.
    // On purpose with no day left: `refused`, nothing changes. PostgreSQL: fenced when this node
    // lost the room's lease.
    virtual Result<DeadlineResult> fire_deadline(const DeadlineFire& fire) = 0;
    // The account's vacation days left now.
    virtual Result<int> vacation_left(std::string_view person_id, TimeMs now_ms, std::int64_t day_ms) = 0;
    // Running turn-based games with a seat holding this person token's hash (the limit).
    virtual Result<int> running_turn_based_games(const TokenHash& person_token_hash) = 0;
};

}  // namespace carc::storage
