#pragma once
// What the storage keeps. Engine-agnostic on purpose: rooms and actions are ids, numbers and JSON
// text that the server builds; the storage never parses the JSON.

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "carc/storage/token_hash.hpp"

namespace carc::storage {

// Wall-clock milliseconds since the Unix epoch.
using TimeMs = std::int64_t;

// `adjourned`: a running game put aside because no one was online (it is kept with its journal,
// not loaded at start-up until a player comes back); set_room_status(running) resumes it.
enum class RoomStatus { lobby, running, finished, abandoned, adjourned };

const char* to_string(RoomStatus status);
std::optional<RoomStatus> room_status_from_string(const std::string& text);

struct NewRoom {
    std::string room_id;
    std::string config_json;
    std::uint64_t seed = 0;       // secret until the game ends; only finish_game's record reveals it
    std::string seed_commitment;  // published at the start (e.g. SHA-256 hex of the seed)
    std::string engine_version;   // replay needs the same rules that accepted the actions
    TimeMs created_at_ms = 0;
    RoomStatus status = RoomStatus::lobby;  // lobby or running (a room made as its game starts)
};

struct SeatRecord {
    int seat = 0;  // 0-based seat index
    std::string player_name;
    std::optional<TokenHash> token_hash;  // nullopt for bots
    std::string bot_kind;                 // empty for people
};

struct ActionRecord {
    std::string room_id;
    std::int64_t seq = 0;  // 1 for the first action, then exactly last + 1
    int actor_seat = 0;
    std::string action_json;
    std::optional<std::string> events_json;
    // The engine state hash after the action, checked on replay; nullopt when unknown (the
    // replay then has nothing to compare for this action).
    std::optional<std::uint64_t> state_hash;
    TimeMs time_ms = 0;
};

// Turn clocks, saved after each action so they resume fairly after a restart: each seat's time
// left as of `turn_started_at_ms`, when `active_seat`'s turn began.
struct ClockState {
    struct Seat {
        int seat = 0;
        std::int64_t remaining_ms = 0;
        friend bool operator==(const Seat&, const Seat&) = default;
    };
    int active_seat = 0;
    TimeMs turn_started_at_ms = 0;
    std::vector<Seat> seats;
    friend bool operator==(const ClockState&, const ClockState&) = default;
};

// The engine state hash after action `seq` (seq 0: the initial state), for replay checks.
struct Checkpoint {
    std::int64_t seq = 0;
    std::uint64_t state_hash = 0;
    friend bool operator==(const Checkpoint&, const Checkpoint&) = default;
};

// A turn-based game's current move (schema 4, docs/storage.md): whose decision the game waits
// for, since which action, and until when. "My games" reads it on every node; the deadline is
// fired once (TurnStore::fire_deadline).
struct TurnDeadline {
    int seat = 0;
    std::int64_t seq = 0;               // actions journaled when the decision became this seat's
    std::optional<TimeMs> deadline_ms;  // nullopt: nobody's time runs (a bot plays the seat)
    friend bool operator==(const TurnDeadline&, const TurnDeadline&) = default;
};
// One chat line of a room, kept with it so that it survives a restart (schema 7): the room
// keeps its last kept_chat_lines lines, an older one is deleted as a new one is written.
struct ChatLine {
    std::string person_id;  // the sender, the `from` clients get
    int seat = -1;          // -1: a spectator
    std::string name;
    std::string text;
    TimeMs time_ms = 0;
    friend bool operator==(const ChatLine&, const ChatLine&) = default;
};
inline constexpr int kept_chat_lines = 100;

// An unfinished room as loaded at start-up, ready to replay through the engine.
struct StoredRoom {
    std::string room_id;
    RoomStatus status = RoomStatus::lobby;
    std::string config_json;
    std::uint64_t seed = 0;
    std::string seed_commitment;
    std::string engine_version;
    TimeMs created_at_ms = 0;
    std::vector<SeatRecord> seats;       // ordered by seat
    std::vector<ActionRecord> actions;   // ordered by seq, 1..n without gaps
    std::vector<Checkpoint> checkpoints; // ordered by seq
    std::optional<ClockState> clock;
    std::optional<TurnDeadline> turn;  // turn-based games only
    std::vector<ChatLine> chat;        // the last kept_chat_lines lines, oldest first
};

struct RatedGame;  // rating_store.hpp

// One seat's share of a finished game for its account's statistics (friend_store.hpp).
struct SeatStats {
    int seat = 0;
    std::string person_id;  // a seat whose person has no account is not counted
    bool won = false;
    int tiles_placed = 0;
    int followers_used = 0;
    std::map<std::string, int> points;  // by kind, as the result's breakdown
};

struct PlayerResult {
    int seat = 0;
    std::string name;
    std::int64_t score = 0;
    bool winner = false;  // ties make several winners
};

// A finished game. `record_json` is the full verifiable record the server built (configuration,
// revealed seed, players, actions, events, final scores, engine version); the other fields are
// copies indexed for listing.
struct FinishedGame {
    std::string game_id;  // the room id
    TimeMs finished_at_ms = 0;
    std::string rule_system;
    std::string engine_version;
    std::vector<PlayerResult> players;
    std::string record_json;
    // A rated game: rated in the same transaction (rating_store.hpp); null for an unrated one.
    std::shared_ptr<const RatedGame> rated;
    // Each person's seat, added to their account's statistics under `stats_key` in the same
    // transaction; none: nothing counted.
    std::string stats_key{};
    std::vector<SeatStats> stats{};
};

// The writes of a group commit (Store::write_batch), one for each journal call of a room.
// A game's room, created running (or a stored waiting room of the same id turned into its game:
// its row updated, its seats replaced), its seats and the checkpoint of seq 0, together.
struct BeginGameWrite {
    NewRoom room;
    std::vector<SeatRecord> seats;
    Checkpoint initial;
};
// One accepted action, and with it the clocks after it when given (they replace the saved ones).
struct ActionWrite {
    ActionRecord action;
    std::optional<ClockState> clock_after;  // after the last action
    // The actions that follow it (seq + 1, ...): a player's decisions sent as one, stored with it
    // or not at all.
    std::vector<ActionRecord> then{};
};
// Inserts or replaces one seat of a stored room.
struct SeatWrite {
    std::string room_id;
    SeatRecord seat;
};
struct StatusWrite {  // as Store::set_room_status
    std::string room_id;
    RoomStatus status = RoomStatus::running;
};
// Marks the room finished and keeps the game's record, together.
struct FinishWrite {
    FinishedGame game;
};
// A waiting room (status lobby: seats taken, no game yet) stored whole, so it outlives its node:
// the room row is created or its config_json replaced, and its seats become exactly `seats`.
// With `closed` the waiting room is deleted instead (closed before its game started). A room
// that is no longer waiting (running, finished, ...) refuses it with invalid_state; a later
// BeginGameWrite of the same id turns the waiting room into its game.
struct WaitingRoomWrite {
    NewRoom room;  // status lobby; seed, commitment and engine version unused until the start
    std::vector<SeatRecord> seats;
    bool closed = false;
};
// Replaces the room's current move.
struct TurnWrite {
    std::string room_id;
    TurnDeadline turn;
};
// A chat line said in a waiting room or a running game; the room's oldest lines beyond
// kept_chat_lines are deleted in the same transaction.
struct ChatWrite {
    std::string room_id;
    ChatLine line;
};
using JournalWrite = std::variant<BeginGameWrite, ActionWrite, SeatWrite, StatusWrite, FinishWrite, WaitingRoomWrite,
                                  TurnWrite, ChatWrite>;

// One row of GET /api/games.
struct GameSummary {
    std::string game_id;
    TimeMs finished_at_ms = 0;
    std::string rule_system;
    std::string engine_version;
    std::vector<PlayerResult> players;  // ordered by seat
};

// ---- accounts (docs/accounts.md) -------------------------------------------------------------
// An account is a person (same public id, so the seats a guest took stay theirs) with a unique
// name, a password hash and settings. Neither passwords nor session secrets are ever stored: the
// hash is libsodium's Argon2id string, a session is kept by the SHA-256 of its secret.

// What the account wants to be told, and how (kept now; notices use them later).
struct AccountSettings {
    std::optional<std::string> email;
    bool email_confirmed = false;
    bool auto_vacation = true;  // vacation days are spent before a timeout unless switched off
    std::string notices_json = "{}";  // per channel: {"email": true, "push": false, "webhook": true}
    std::optional<std::string> webhook_url;
    // The language its mails are written in ("en", "ru"); empty: never chosen, English.
    std::string language = {};
    friend bool operator==(const AccountSettings&, const AccountSettings&) = default;
};

struct AccountRecord {
    std::string person_id;   // the person the account is (and stays)
    std::string name;        // as typed
    std::string name_key;    // the name compared ignoring the case of ASCII letters (unique)
    // The name as look-alikes compare (UTS #39 skeleton, case-folded; unique); empty for an
    // account stored before skeletons until the server computes it.
    std::string name_skeleton = {};
    std::string password_hash;
    // The person's reconnect token's hash: what their seats carry, so "my games" finds them.
    TokenHash person_token_hash;
    TimeMs created_at_ms = 0;
    AccountSettings settings;
};

struct SessionRecord {
    TokenHash secret_hash;   // SHA-256 of the secret the device holds
    std::string public_id;   // names the session in lists; reveals nothing of the secret
    std::string person_id;
    std::string kind;        // "cookie" (a browser) or "token" (the terminal client)
    std::string device;      // the User-Agent as the device said it, shortened
    TimeMs created_at_ms = 0;
    TimeMs last_seen_ms = 0;
    // The client address it was made from (behind --trusted-proxy, the client's); empty for a
    // session made before addresses were kept.
    std::string address = {};
};

// A game the account has a seat in (GET /api/me/games), as the store knows it.
struct SeatedGame {
    std::string room_id;
    RoomStatus status = RoomStatus::lobby;
    int seat = 0;
    std::string config_json;
    TimeMs created_at_ms = 0;
    bool resigned = false;
    bool away = false;  // a bot took the seat over when its time ran out (turn-based games)
    std::optional<TurnDeadline> turn;          // turn-based games: the current move
    std::optional<int> clock_seat;             // the seat whose turn the saved clock times
    std::optional<TimeMs> clock_turn_started_at_ms;
    std::optional<std::int64_t> clock_remaining_ms;  // that seat's time left then
};

// ---- turn-based games (docs/accounts.md) ------------------------------------------------------

// A deadline that passed, or a vacation day asked for: TurnStore::fire_deadline.
struct DeadlineFire {
    std::string room_id;
    std::int64_t seq = 0;        // the move as the room knows it (TurnDeadline::seq)
    TimeMs deadline_ms = 0;      // its deadline as the room knows it
    std::string person_id;       // the seat's account; empty: no vacation to spend
    std::int64_t day_ms = 86400000;  // one vacation day (a second under --short-move-times)
    TimeMs now_ms = 0;
    bool on_purpose = false;     // asked for (take_vacation): a day even when auto_vacation is off
};
enum class DeadlineOutcome {
    lost,      // the move is no longer the one named (another node fired it, or it was played)
    vacation,  // a vacation day was spent: the move's deadline is a day later
    expired,   // no vacation: the deadline is cleared, a bot takes the seat
    refused,   // on purpose, but no vacation day is left: nothing changed
};
struct DeadlineResult {
    DeadlineOutcome outcome = DeadlineOutcome::lost;
    TimeMs deadline_ms = 0;     // after `vacation`: the new deadline
    int vacation_days_left = 0;
};

// Vacation days: 20 at sign-up, one more for every 8 days since, never more than 30 in hand.
inline int vacation_days_left(TimeMs created_at_ms, TimeMs now_ms, std::int64_t day_ms, std::int64_t spent) {
    const std::int64_t age_days = now_ms > created_at_ms ? (now_ms - created_at_ms) / day_ms : 0;
    const std::int64_t left = std::min<std::int64_t>(30, 20 + age_days / 8 - spent);
    return static_cast<int>(std::max<std::int64_t>(0, left));
}

}  // namespace carc::storage
