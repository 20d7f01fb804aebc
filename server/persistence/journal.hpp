#pragma once
// The one narrow hook between rooms and persistence. A room journals every game start and every
// action *before* applying it, and goes on only once the journal reports the write durable:
// when journaling fails the action is refused (the player gets `journal_failed`) so memory never
// runs ahead of what is stored. The calls return at once; `on_stored` comes later from another
// thread (storage_journal: its group-commit writer) or at once (null_journal), and the room posts
// it back to its strand. Writes of one room are stored in the order they were handed over.
// Implementations are called from many room strands at once and must be thread-safe.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/action.hpp"
#include "carc/match.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/protocol/view.hpp"
#include "carc/storage/rating_store.hpp"

namespace carc::server {

// One seat as the game starts. Only the hash of the person's secret token ever gets here.
struct journal_seat {
    std::string person;  // empty for bots
    std::string name;
    std::string token_sha256;  // 64 lowercase hex digits; empty for bots
    std::optional<BotKind> bot;
};

// Everything needed to bring the room back after a restart.
struct game_start {
    std::string room_id;
    std::string invite;
    MatchSetup setup;  // holds the secret seed
    protocol::RoomSettings settings;
    std::string seed_nonce;
    std::string seed_commitment;
    std::vector<journal_seat> seats;
    std::uint64_t initial_hash = 0;
    std::int64_t time_ms = 0;
};

// A waiting room (seats taken, no game yet) as the store keeps it, so that it outlives its node:
// everything a restart or another node needs to bring it back (docs/scaling.md).
struct waiting_room {
    std::string room_id;
    std::string invite;
    protocol::RoomSettings settings;
    std::string host;  // person id
    std::vector<std::optional<journal_seat>> seats;  // by seat index; nullopt: empty
    std::int64_t created_at_ms = 0;
    bool closed = false;  // closed before its game started: removed from the store
};

// One accepted decision, with what applying it gave (computed on a copy of the state).
struct journal_step {
    std::int64_t seq = 0;  // 1 for the game's first action
    Action action;
    // The action's events, a JSON array as text: written once, then stored, sent in the patch
    // and kept for the record as it is.
    std::string events_json = "[]";
    std::uint64_t state_hash = 0;  // after the action
};

// An accepted action message: one decision, or a player's consecutive decisions sent as one
// (stored all or none, each as an action of its own, so replays see single actions).
struct journal_action {
    std::string room_id;
    int seat = 0;
    std::vector<journal_step> steps;
    std::int64_t time_ms = 0;
    // Each seat's time left as of this moment (after the last step), when the game has a clock.
    std::optional<std::vector<std::int64_t>> clock_remaining_ms;
};

// The game is over: the verifiable record (game_record.hpp) and the result.
struct game_end {
    std::string room_id;
    std::shared_ptr<const std::string> record_json;  // shared with the room, which serves it until unloaded
    std::string rule_system;                         // as in the record's settings
    protocol::GameResult result;
    std::vector<std::string> names;  // by seat
    std::int64_t time_ms = 0;
    std::shared_ptr<const storage::RatedGame> rated;  // rated with the game's record; null: unrated
    std::string stats_key;                           // the accounts' statistics, counted with the record
    std::vector<storage::SeatStats> stats;
};

// A chat line said in a stored room (a waiting room or a running game), kept with it so that
// it comes back after a restart.
struct chat_line {
    std::string room_id;
    std::string person;  // the sender, the `from` clients get
    int seat = -1;       // -1: a spectator
    std::string name;
    std::string text;
    std::int64_t time_ms = 0;
    bool removed = false;  // by the operator (docs/moderation.md): `text` is gone
};

class room_journal {
public:
    // Called once with whether the write is durable (true) or was refused (false).
    using stored_fn = std::function<void(bool stored)>;

    virtual ~room_journal() = default;

    // A waiting room was created or changed (stored whole, replacing what was stored), or
    // closed. False: not stored (the room goes on; its next change stores it whole again).
    virtual void store_waiting(const waiting_room& room, stored_fn on_stored) = 0;
    // A game starts (over the room's waiting row, if any). False refuses the start.
    virtual void begin_game(const game_start& start, stored_fn on_stored) = 0;
    // An action (its steps) about to be applied. False refuses it, every step.
    virtual void append_action(const journal_action& action, stored_fn on_stored) = 0;
    // A seat resigned (by leaving, by request or by the clock); the room's bots play it on.
    virtual void resign_seat(const std::string& room_id, int seat, const journal_seat& who, stored_fn on_stored) = 0;
    // The game is over (complete or by resignation). False leaves the game running in the
    // store (the next start finishes it again from the journal).
    virtual void end_game(const game_end& end, stored_fn on_stored) = 0;
    // A running game is put aside (no one online; not loaded at start-up) or taken up again.
    virtual void adjourn(const std::string& room_id, bool adjourned, stored_fn on_stored) = 0;
    // A turn-based game's current move: whose decision, since which action, and until when
    // (Unix ms; nullopt: nobody's time runs). Kept by journals that store.
    virtual void set_turn(const std::string& /*room_id*/, int /*seat*/, std::int64_t /*seq*/,
                          std::optional<std::int64_t> /*deadline_ms*/, stored_fn on_stored) {
        on_stored(true);
    }
    // A bot took the seat over when its time and vacation ran out (`away`), or its person took
    // it back.
    virtual void set_away(const std::string& /*room_id*/, int /*seat*/, const journal_seat& /*who*/, bool /*away*/,
                          stored_fn on_stored) {
        on_stored(true);
    }
    // A chat line of a stored room. Nothing waits for it (the line is sent at once); one that
    // is not stored is logged and missing after the next restart only. Kept nowhere by default.
    virtual void append_chat(const chat_line&) {}
    // Called at shutdown: returns once everything handed over is durable.
    virtual void flush() = 0;
};

// Keeps nothing; every write "succeeds" at once.
class null_journal final : public room_journal {
public:
    void store_waiting(const waiting_room&, stored_fn on_stored) override { on_stored(true); }
    void begin_game(const game_start&, stored_fn on_stored) override { on_stored(true); }
    void append_action(const journal_action&, stored_fn on_stored) override { on_stored(true); }
    void resign_seat(const std::string&, int, const journal_seat&, stored_fn on_stored) override { on_stored(true); }
    void end_game(const game_end&, stored_fn on_stored) override { on_stored(true); }
    void adjourn(const std::string&, bool, stored_fn on_stored) override { on_stored(true); }
    void flush() override {}
};

}  // namespace carc::server
