#pragma once
// One room: its strand, the dispatch of its requests and the wiring around two plain parts, the
// seating (seating.hpp: seats, members, host, spectators) and the game (game_session.hpp: match,
// log, seed, clock, result). A room is single-writer: its state is touched only on its own
// strand. Sessions call the public functions, which post there; the room answers through each
// member's client_link. room.cpp says how its files are cut.

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "carc/protocol/messages.hpp"
#include "carc/protocol/view_publisher.hpp"
#include "carc/rng.hpp"
#include "base/client_link.hpp"
#include "base/rate_limiter.hpp"
#include "rooms/game_session.hpp"
#include "rooms/game_start.hpp"
#include "rooms/usage_caps.hpp"
#include "rooms/seating.hpp"
#include "carc/records/game_record.hpp"
#include "carc/storage/records.hpp"
#include "persistence/journal.hpp"

namespace carc::server {

struct room_services;

// The answer to a room id that names no room, and to a private room's id from anyone not in it.
inline constexpr const char* no_such_room_message = "no such room";

// Who is asking, and the request id to echo.
struct requester {
    std::string person;
    std::string name;
    std::shared_ptr<client_link> link;  // the asking connection, answered; null for the room's own moves
    nlohmann::json id;
    // All the person's connections (people/person_links.hpp): what the room sends views to;
    // null: `link` alone.
    std::shared_ptr<client_link> member = nullptr;
    // Signed in to an account (only accounts sit in turn-based games).
    bool account = false;
    const std::shared_ptr<client_link>& member_link() const { return member ? member : link; }
};

class room : public std::enable_shared_from_this<room> {
public:
    room(room_services& state, std::string id, std::string invite, protocol::RoomSettings settings);

    const std::string& id() const { return id_; }

    // Before open(): what the room counts against its creator's caps (usage_caps.hpp), held
    // until it leaves memory. Rooms restored from the store hold none.
    void charge_to(std::shared_ptr<usage_caps::charge> charge) { charge_ = std::move(charge); }
    // The creator arrives: sits in the first seat without a bot (or watches) and is host.
    void open(requester creator);
    // A room message (join, action, chat, ...); `by_invite` when the room was named by its code.
    void handle(requester who, protocol::ClientMessage message, bool by_invite);
    // A member's connection came back (reconnect) or went away.
    void attach(std::string person, std::string name, std::shared_ptr<client_link> link);
    void detach(std::string person, std::uint64_t link_id);
    // Server shutdown: stop timers so the io_context can finish.
    void shutdown();
    // Another node took this room's lease (room_cluster.cpp): forget the room without writing
    // anything and close its members' connections, so their clients reconnect and are
    // redirected to the new owner.
    void drop_moved();
    // A commit of this room's had an unknown outcome (storage_journal): the room leaves memory
    // without writing, its members' connections are closed (4002) and it is listed as unloaded,
    // so the next hello of a seated player loads it from the store (a game replayed from its
    // journal, a waiting room as stored), which stays the truth.
    void reload_from_journal();
    // Start-up (or a player back for an adjourned game): the room's game as it was journaled;
    // its seated people become offline members.
    void restore(restored_game game);
    // A game started and journaled without a waiting room (a tournament's table): the room is
    // made, listed and its game begun, its seated people offline members until they open it.
    static std::shared_ptr<room> open_started(room_services& state, started_game game);
    // Start-up or a takeover: a stored waiting room's seats (by index; nullopt: empty) and host;
    // its seated people become offline members, each keeping the seat for --grace.
    void restore_waiting(std::vector<std::optional<journal_seat>> seats, std::string host,
                         std::int64_t created_at_ms);
    // Start-up or a takeover, before restore or restore_waiting: the room's stored chat lines,
    // oldest first, so its snapshots carry them again.
    void restore_chat(std::vector<chat_line> lines);
    // The operator removed the sender's chat line at `time_ms` (docs/moderation.md): it stays in
    // the history as removed, without its text, and every member is told (`chat_removed`).
    void remove_chat(std::string person, std::int64_t time_ms);
    // The replay record of the room's game as anyone may see it (game_record.hpp), as JSON text:
    // built from the room's log when asked, as kept once the game is over; null before the
    // start. `finished` says which. Safe from any thread.
    std::shared_ptr<const std::string> public_record(bool* finished = nullptr) const {
        return session_.public_record_text(finished);
    }
    // The room's row in GET /api/games while its game runs (id, status, rules, started_at_ms,
    // actions, players with scores); null otherwise. Safe from any thread.
    nlohmann::json running_summary() const { return session_.running_summary(); }
    // Whose turn it is in the running game, and until when. Safe from any thread.
    std::optional<game_session::turn_info> current_turn() const { return session_.current_turn(); }
    bool is_private() const { return private_; }
    // Publishes the spectators' changes now if any are pending, as the presence timer would
    // (room_presence.cpp); tests drive presence with it instead of waiting.
    void flush_presence();
    // A game with a time per move (move_time_s) instead of a live clock. Fixed at creation.
    bool turn_based() const { return move_time_s_.has_value(); }
    // Spends a vacation day on `person`'s current move of this turn-based game (the HTTP call;
    // the WebSocket's take_vacation too). `done` runs on the room's strand.
    struct vacation_answer {
        std::optional<protocol::ErrorMessage> refused;  // why not; else the deadline moved a day
        std::int64_t deadline_ms = 0;
        int days_left = 0;
    };
    void take_vacation(std::string person, std::function<void(vacation_answer)> done);

private:
    using strand_type = boost::asio::strand<boost::asio::io_context::executor_type>;
    using member = seating::member;

    // ---- requests and membership (room.cpp) --------------------------------------------
    void on_open(const requester& creator);
    void dispatch(requester who, protocol::ClientMessage message, bool by_invite);
    void on_attach(std::string person, std::string name, std::shared_ptr<client_link> link);
    void on_detach(std::string person, std::uint64_t link_id);
    void on_message(requester& who, protocol::Join& m, bool by_invite);
    void on_message(requester& who, protocol::Spectate& m, bool by_invite);
    void on_message(requester& who, protocol::Leave& m, bool by_invite);
    void on_message(requester& who, protocol::Kick& m, bool by_invite);
    void on_message(requester& who, protocol::SetBot& m, bool by_invite);
    void set_bot(requester& who, protocol::SetBot& m);  // once the caps across nodes allow it
    void on_message(requester& who, protocol::ChatRequest& m, bool by_invite);
    void on_message(requester& who, protocol::SnapshotRequest& m, bool by_invite);
    void on_message(requester& who, protocol::RoomInfoRequest& m, bool by_invite);
    // ---- history (room_history.cpp) ----------------------------------------------------
    void on_message(requester& who, protocol::HistoryRequest& m, bool by_invite);
    // A line said now: remembered, and journaled while the room is stored (`seat`: the sender's).
    void keep_chat(const protocol::ChatMessage& message, std::optional<int> seat);
    void remember_chat(const protocol::ChatMessage& message);
    void remember_chat(nlohmann::json line);
    // The last chat lines, oldest first, without those of the people in `hidden` (whom the
    // viewer blocks: docs/friends.md).
    nlohmann::json chat_log(const std::set<std::string>& hidden = {}) const;
    // ---- the game (room_game.cpp) ------------------------------------------------------
    void on_message(requester& who, protocol::Start& m, bool by_invite);
    void on_message(requester& who, protocol::PlayAction& m, bool by_invite);
    void on_message(requester& who, protocol::LegalPlacementsQuery& m, bool by_invite);
    void on_message(requester& who, protocol::FollowerOptionsQuery& m, bool by_invite);
    void on_message(requester& who, protocol::Resign& m, bool by_invite);
    // ---- turn-based games: deadlines, vacation, the seat a bot took over (move_deadlines.cpp)
    void on_message(requester& who, protocol::TakeSeatBack& m, bool by_invite);
    void on_message(requester& who, protocol::ClaimWin& m, bool by_invite);
    void on_message(requester& who, protocol::TakeVacation& m, bool by_invite);
    // After every change of a turn-based game: a new move gets its deadline (stored, and the
    // notice hook told), and the deadline and "time running out" timers are armed.
    void review_move_turn();
    // Turn-based games: turn_ moved on to the current decider's move when it changed (true then);
    // the move's deadline as the views show it.
    bool advance_move_turn();
    std::optional<protocol::MoveDeadline> move_deadline() const;
    void arm_move_timers();
    void on_move_deadline(std::int64_t seq, std::int64_t deadline_ms);
    // Asks the store (off the strand) who fires the deadline, and whether vacation pays it;
    // `then` gets the answer back on the strand (nullopt: the store failed).
    void fire_deadline(std::int64_t seq, std::int64_t deadline_ms, bool on_purpose,
                       std::function<void(std::optional<storage::DeadlineResult>)> then);
    void on_deadline_fired(std::int64_t seq, const storage::DeadlineResult& result);
    void set_seat_away(int seat, bool away, std::function<void(bool)> then);
    // ---- a live game's absent player, played by a bot on request (offline_seats.cpp) ----
    void on_message(requester& who, protocol::BotForOffline& m, bool by_invite);
    bool bot_may_play_offline_seats() const;
    void mark_offline_long(const std::string& person);
    void give_seat_back_on_return(const std::string& person);
    void spend_vacation(const std::string& person, std::function<void(vacation_answer)> done);
    template <typename Other>
    void on_message(requester& who, Other&, bool);

    // The search-bot seats the room would have after `b` (a seat out of range counts as none).
    int search_bots_after(const protocol::SetBot& b) const;
    const member* require_member(const requester& who);
    bool require_host(const requester& who);
    // A member asking about the running game; otherwise answers the error and returns false.
    bool require_game(const requester& who);
    // The seating's change, then what goes with a person coming or going: their room list and
    // their grace timer.
    void joined(const requester& who);
    void remove_member(const std::string& person);
    void start_grace(const std::string& person);
    void cancel_grace(const std::string& person);
    void cancel_all_grace();
    void on_grace_over(const std::string& person);
    void free_after_grace(const std::string& person);
    void close_room(const char* why);
    // Closed: timers stopped, no longer counted as a running game (members left as they are).
    void halt();
    bool closed() const { return closed_; }

    // ---- game (room_game.cpp) ----------------------------------------------------------
    // Tries `steps` (one action, or a player's consecutive decisions sent as one) in order on a
    // copy of the state and journals them as one write; once it is durable the copy is
    // adopted, everyone gets one patch and `who` (if any) the ack. Refusals, including
    // journal_failed, go to `who` (or the log) and change nothing.
    void play(int seat, const std::vector<Action>& steps, const requester* who);
    protocol::ErrorMessage step_refusal(const refused_step& refused, bool several) const;
    void on_action_stored(bool stored, pending_move& move, const requester* who);
    void refuse_move(const requester* who, protocol::ErrorMessage error);
    // The start is stored: the game begins.
    void begin_game(const game_start& start, std::unique_ptr<Match> match);
    // Journals the resignation, then applies it; `then` gets whether it was stored.
    void resign_seat(int seat, std::function<void(bool)> then = {});
    void finish(const char* reason);
    void update_clock();
    void schedule_turn();
    void on_bot_turn(std::uint64_t expected_moves);
    // A search bot's move, back from the bot pool.
    void on_bot_move(std::uint64_t expected_moves, int seat, Action action);
    std::vector<Action> bot_turn(BotKind kind, int seat);
    void on_clock_expired(std::uint64_t expected_moves);

    // ---- waiting for the journal; adjourning and unloading (room_lifecycle.cpp) ------------
    // A journal callback that runs `then` on the strand. With `busy`, the room is busy until
    // then: everything else that would touch it waits in deferred_ and runs, in order, after.
    room_journal::stored_fn on_stored(std::function<void(bool)> then, bool busy = true);
    // True (and `work` kept for later) while the room waits for the journal.
    bool defer_while_busy(std::function<void()> work);
    void run_deferred();
    // After every change: arms or cancels the adjourn and unload timers.
    void review_lifecycle();
    void on_lifecycle_timer(std::uint64_t generation);
    void adjourn();
    void on_adjourned(bool stored);
    void unload_adjourned();

    // ---- leaving memory without writing (room_cluster.cpp) --------------------------------
    void leave_memory(const char* reason, bool reload);

    // ---- a waiting room in the store (room_waiting.cpp) ------------------------------------
    // With a store, a waiting room is stored whole after each change.
    bool stores_waiting() const;
    // What the store keeps of a waiting room that can change (host, seats), to compare.
    nlohmann::json waiting_snapshot() const;
    waiting_room waiting_record(bool closed) const;
    // Runs `change`; when it changed what the store keeps of the waiting room, everything the
    // change sent is held, and the room busy, until the room is stored.
    void guard_waiting(const std::function<void()>& change);
    // The room closes before its game: out of the store.
    void forget_waiting();
    // Every message of the room goes out here (held during guard_waiting); `then` right after.
    void send_to(const std::shared_ptr<client_link>& link, std::shared_ptr<const std::string> text,
                 std::shared_ptr<const std::string> then = nullptr);
    void release_held();
    // Seat `index` as stored (room_record.cpp); true when it seats a person (not resigned), now
    // an offline member.
    bool restore_seat(std::size_t index, const journal_seat& js, bool resigned);

    // ---- the record (room_record.cpp) ---------------------------------------------------
    journal_seat journal_seat_of(int seat) const;

    // ---- spectators' presence (room_presence.cpp) ----------------------------------------
    // A change that touched only `person` as a spectator (arrived, left, went offline, came
    // back): they get their snapshot at once, everyone else the list at the room's pace.
    void spectator_changed(const std::string& person);
    bool presence_paced() const;
    void arm_presence();
    void on_presence_timer();
    // The spectators' snapshot at the current version (one text for every arrival until the
    // next change or chat line).
    std::shared_ptr<const std::string> spectator_snapshot();

    // ---- views (room_views.cpp) --------------------------------------------------------
    // Sends every member the change; `ack_to` (the mover) gets its ack with its patch.
    // `events`: the change's events, a JSON array as text.
    void publish(std::string_view events = "[]", const requester* ack_to = nullptr);
    // To the member's links, or to `to` alone (a snapshot answering one connection's request).
    // `person` is the member's: its chat history leaves out the people they block.
    void send_snapshot(const std::string& person, const member& m, const nlohmann::json& id = nullptr,
                       const std::shared_ptr<client_link>& to = nullptr);
    void reply(const requester& who, std::string text);
    void reply_error(const requester& who, protocol::ErrorCode code, std::string message,
                     nlohmann::json params = nlohmann::json::object());
    void reply_error(const requester& who, protocol::ErrorMessage error);
    void report_summary();

    room_services& state_;
    strand_type strand_;
    const std::string id_;  // both fixed at the start, read from any thread
    const bool private_;
    const std::optional<std::int64_t> move_time_s_;  // turn-based games only
    bool closed_ = false;
    seating seating_;
    game_session session_;
    static constexpr std::size_t chat_history_size = 100;
    std::deque<nlohmann::json> chat_history_;  // {"from","name","text","time"} or a removed line's
                                               // {"from","name","time","removed":true}, oldest first
    // The room's chat as a whole (--room-chat-rate, --room-chat-burst): every line goes to every
    // member, so the room's total, not each sender's, must fit what one reader can take.
    rate_limiter chat_rate_;
    std::shared_ptr<usage_caps::charge> charge_;

    std::uint64_t version_ = 0;
    std::uint64_t game_version_ = 0;  // version_ of the last game move (for stale_version)
    std::optional<protocol::ViewPublisher> views_;  // what every viewer holds, as last published
    std::shared_ptr<const std::string> spectator_snapshot_;  // null when stale

    // Timers: a member's grace period offline, a bot's or resigned seat's move, the turn clock.
    std::map<std::string, std::shared_ptr<boost::asio::steady_timer>> grace_timers_;
    Rng bot_rng_;
    boost::asio::steady_timer bot_timer_;
    boost::asio::steady_timer clock_timer_;  // the live clock, or a turn-based move's deadline
    // Turn-based games: the current move as stored, and the "time running out" notice's timer.
    std::optional<move_turn> turn_;
    boost::asio::steady_timer notice_timer_;

    bool busy_ = false;  // a write the room depends on is on its way to disk
    std::deque<std::function<void()>> deferred_;
    // Adjourns a running game nobody is online for, unloads a finished one nobody watches.
    boost::asio::steady_timer lifecycle_timer_;
    enum class due { nothing, adjourn, unload } lifecycle_due_ = due::nothing;
    std::uint64_t lifecycle_generation_ = 0;  // a wake-up of an older arming is ignored
    bool adjourning_ = false;
    bool record_stored_ = false;      // end_game answered (the record is served from storage)
    bool close_when_stored_ = false;  // closing waits for that
    std::optional<nlohmann::json> stored_waiting_;  // waiting_snapshot() as last handed to the journal
    std::int64_t waiting_since_ms_ = 0;             // when the waiting room was first stored
    bool holding_sends_ = false;
    std::vector<std::pair<std::shared_ptr<client_link>, std::shared_ptr<const std::string>>> held_sends_;
    // The spectator list goes out at most once per --presence-interval: armed by the first
    // change after a publish of it; `presence_due_` lets the next publish carry it.
    boost::asio::steady_timer presence_timer_;
    bool presence_armed_ = false;
    bool presence_due_ = false;
};

}  // namespace carc::server
