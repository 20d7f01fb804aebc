#pragma once
// One game in a room: the match, its log (the record's), the seed's commitment and reveal, the
// turn clock, the points counted from the engine's events, and the result. Plain bookkeeping: no
// strand, no timer, no network; times are passed in. The room's strand is the one writer; the
// record readers (public_record_text, running_summary) are safe from any thread.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/match.hpp"
#include "carc/protocol/breakdown.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/protocol/view.hpp"
#include "carc/records/game_record.hpp"
#include "friends/game_stats.hpp"
#include "persistence/journal.hpp"
#include "rooms/game_clock.hpp"

namespace carc::server {

// A turn-based game's current move, as stored with the game: whose decision, since which action,
// and until when (Unix ms; nullopt: nobody's time runs, a bot plays the seat).
struct move_turn {
    int seat = 0;
    std::int64_t seq = 0;
    std::optional<std::int64_t> deadline_ms;
    // Its "time is running out" notice went: one per move, however often vacation days move
    // the deadline.
    bool warned = false;
    // Stored and its person told. A new move is decided when the room publishes (its deadline is
    // in the mover's view) and stored and told right after (review_move_turn).
    bool told = true;
};

// A game brought back from the store after a restart (recovery.cpp), ready to go on.
struct restored_game {
    std::unique_ptr<Match> match;
    std::vector<record_action> actions;
    protocol::ScoreBreakdown points;  // counted from the actions' events as they were replayed
    std::vector<journal_seat> seats;
    std::vector<bool> resigned;
    std::vector<bool> away;          // turn-based: seats a bot took over when their time ran out
    std::optional<move_turn> turn;   // turn-based: the current move as stored
    std::string seed_nonce;
    std::string seed_commitment;
    std::uint64_t initial_hash = 0;
    std::int64_t started_at_ms = 0;
    std::optional<std::vector<std::int64_t>> clock_remaining_ms;
};

// An action message (one step or several) applied to a copy of the state, waiting for the
// journal before it is adopted.
struct pending_move {
    explicit pending_move(const State& now) : next(now) {}
    journal_action entry;  // what the journal gets: per step events as text and the hash after; the clocks
    State next;
    std::vector<Event> events;        // every step's
    std::string events_json = "[]";  // every step's, one array as text (the patch's)
};

// Which step of an action message was refused, and the engine's reason; none when by that step
// the decision was no longer the mover's.
struct refused_step {
    std::size_t step = 0;
    std::optional<RuleError> rule;
};

class game_session {
public:
    using steady = game_clock::clock;

    bool started() const { return match_ != nullptr; }
    bool finished() const { return result_.has_value(); }
    // Started only.
    const Match& match() const { return *match_; }
    const State& state() const { return match_->state(); }
    // Accepted actions; a timer set for a count that moved on is stale.
    std::uint64_t moves() const { return actions_.size(); }
    const std::string& seed_commitment() const { return seed_commitment_; }
    const std::optional<protocol::GameResult>& result() const { return result_; }
    // Each seat's tiles placed and followers used so far (statistics).
    std::vector<friends::play_counts> play_counts() const;
    const std::optional<game_clock>& clock() const { return clock_; }

    // The start is stored: the game begins (no one's time runs yet: update_clock).
    void begin(const game_start& start, std::unique_ptr<Match> match,
               const std::optional<protocol::ClockSettings>& clock);
    // A journaled game goes on; its clock with each seat's time as saved.
    void restore(restored_game& game, const std::optional<protocol::ClockSettings>& clock);

    // `steps` by `seat`, in order, on one copy of the state (every step must be the seat's
    // decision): the refused step, or the move to journal (events serialised once, the hash
    // after each step, each seat's time left once the move is made: the mover charged up to
    // `now` and, when the move ends its turn, credited the increment, so a game restored from
    // the journal gives the last mover the time the clock showed).
    // `stand_in`: the server plays for a person's seat (away, resigned, out of time); the
    // mover's events say so ("stand_in": true), so the log does not name the person as the mover.
    std::optional<refused_step> prepare(int seat, const std::vector<Action>& steps, const std::string& room_id,
                                        std::int64_t now_ms, steady::time_point now,
                                        std::shared_ptr<pending_move>& out, bool stand_in = false) const;
    // The move is stored: the copy becomes the state, the move joins the log, its points the count.
    void adopt(pending_move&& move);

    // The decider's time runs from `now` (Unix `now_ms` for the views), unless the game is over.
    void update_clock(steady::time_point now, std::int64_t now_ms);
    std::optional<std::vector<std::int64_t>> clock_remaining(steady::time_point now) const;
    // The same once `next` is the state: what update_clock will make of the clock after adopt.
    std::optional<std::vector<std::int64_t>> clock_remaining_after(const State& next, steady::time_point now) const;
    // The server moved for `seat` because its time ran out.
    void count_timeout(int seat, int seats);
    // The game's part of the views: commitment (seed once over), clock, result and, when
    // `with_placements` (a person lays the tile), the drawn tile's placements (worked out once
    // per move).
    protocol::GameExtras extras(int seats, bool with_placements = false);
    // Every event so far as one JSON array, as text (snapshots, history).
    std::string events_text() const;

    // The game is over: clock stopped, seed revealed, result (winners among the seats not
    // resigned; the points by kind as counted) and the full record, as text, kept for readers.
    std::shared_ptr<const std::string> finish(const char* reason, const protocol::RoomInfo& room,
                                              steady::time_point now, std::int64_t now_ms);

    // What the record says of `room` and this game right now.
    record_inputs make_record_inputs(const protocol::RoomInfo& room) const;
    // After each change: the record's small part (players, scores) for readers on other threads.
    void refresh_public_record(const protocol::RoomInfo& room);
    // The replay record as anyone may see it: built from the log while the game runs, as kept once
    // it is over; null before the start.
    std::shared_ptr<const std::string> public_record_text(bool* finished = nullptr) const;
    // The game's row in GET /api/games while it runs; null otherwise.
    nlohmann::json running_summary() const;
    // Whose decision the running game waits for, and until when (Unix ms; nullopt without a
    // clock), as of the last change; nullopt when no game runs. Safe from any thread.
    struct turn_info {
        int seat = 0;
        std::optional<std::int64_t> deadline_ms;
    };
    std::optional<turn_info> current_turn() const;

private:
    void start_clock(int seats, const std::optional<protocol::ClockSettings>& clock);

    std::unique_ptr<Match> match_;  // null before the start; keeps no log (actions_ is the log)
    std::string seed_nonce_;
    std::string seed_commitment_;
    std::uint64_t initial_hash_ = 0;
    std::int64_t started_at_ms_ = 0;
    std::int64_t finished_at_ms_ = 0;
    std::optional<game_clock> clock_;
    std::int64_t clock_since_ms_ = 0;  // Unix ms of clock_->since(), for views
    std::vector<int> clock_timeouts_;  // per seat: the server's moves for a seat out of time
    protocol::ScoreBreakdown points_;  // per seat, counted from each accepted action's events
    std::optional<protocol::GameResult> result_;
    std::shared_ptr<const protocol::PlacementChoices> placements_;  // as of placements_moves_
    std::uint64_t placements_moves_ = 0;

    // The game's one log: each accepted action with its seat, events and the state hash after
    // it. Written on the strand under record_mutex_, read by HTTP threads.
    std::vector<record_action> actions_;
    mutable std::mutex record_mutex_;
    record_inputs record_head_;                           // guarded: as of the last change
    std::shared_ptr<const Game> record_game_;             // guarded: null before the start
    std::shared_ptr<const std::string> finished_record_;  // guarded: set at the end
    std::optional<turn_info> turn_;                       // guarded: as of the last change
};

}  // namespace carc::server
