#pragma once
// The storage interface the server talks to. Narrow on purpose so another database (PostgreSQL)
// can implement it without touching rooms or the engine; see docs/storage.md.
//
// Every method is thread-safe and never throws: failures come back as Status/Result. Every
// mutating method is durable when it returns success (committed and synced to disk).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

// How many of a room's most recent chat lines load_unfinished returns.
inline constexpr int chat_lines_loaded = 200;

class Store {
public:
    virtual ~Store() = default;

    // --- rooms ---------------------------------------------------------------------------------
    // A new room in room.status (lobby or running). already_exists when the id is taken, except
    // that a running room replaces a waiting room (status lobby) of the same id, whose seats go:
    // the waiting room's game starts (WaitingRoomWrite).
    virtual Status create_room(const NewRoom& room) = 0;
    // lobby -> running -> abandoned; running <-> adjourned; `finished` only through finish_game.
    // invalid_state when the room is already finished or abandoned, or is adjourned without
    // running first.
    virtual Status set_room_status(std::string_view room_id, RoomStatus status) = 0;
    // Inserts or replaces one seat.
    virtual Status put_seat(std::string_view room_id, const SeatRecord& seat) = 0;
    // Frees a seat; succeeds when it was already free.
    virtual Status remove_seat(std::string_view room_id, int seat) = 0;
    // Removes a room and everything about it (e.g. a lobby closed before its game started).
    // Finished games stay listed: their record is kept apart from the room.
    virtual Status delete_room(std::string_view room_id) = 0;
    virtual Status append_chat(std::string_view room_id, const ChatLine& line) = 0;

    // --- journal -------------------------------------------------------------------------------
    // Appends one accepted action, and in the same transaction the clocks after it when given.
    // Returns only once the action is on disk, so the caller may broadcast it. sequence_gap
    // unless action.seq == last seq + 1; invalid_state when the room is finished or abandoned;
    // io_error when the disk write fails, leaving the journal exactly as it was.
    virtual Status append_action(const ActionRecord& action,
                                 const std::optional<ClockState>& clock_after) = 0;
    // The highest seq of the room, 0 when it has no action.
    virtual Result<std::int64_t> last_seq(std::string_view room_id) = 0;
    // Saves the clocks alone (e.g. when a game starts); replaces what was saved.
    virtual Status save_clock(std::string_view room_id, const ClockState& clock) = 0;
    // Records the state hash after action `seq` (0: the initial state), replacing any hash
    // recorded for that seq. invalid_argument when seq is beyond the journal.
    virtual Status save_checkpoint(std::string_view room_id, const Checkpoint& checkpoint) = 0;

    // Every room in status lobby, running or adjourned, ordered by creation, with its seats,
    // ordered actions, clocks and recent chat: what start-up replays through the engine. An
    // adjourned room comes with its seats only (start-up does not bring it back); load_room
    // loads it whole when a player returns.
    virtual Result<std::vector<StoredRoom>> load_unfinished() = 0;
    // One unfinished room whole; nullopt when there is no such unfinished room.
    virtual Result<std::optional<StoredRoom>> load_room(std::string_view room_id) = 0;
    // The id of every room and finished game ever stored, so a restarted server never hands out
    // an id again (a new game under an old id could not be stored).
    virtual Result<std::vector<std::string>> known_ids() = 0;

    // --- group commit --------------------------------------------------------------------------
    // Every write in one transaction with one commit (one fsync) for all. Each write runs in
    // its own savepoint, so a refused write (a sequence gap, a finished room, ...) changes
    // nothing and leaves the others; result i is write i's outcome, as the single call would
    // give it. When the commit itself fails every write fails and none is stored.
    virtual std::vector<Status> write_batch(const std::vector<JournalWrite>& writes) = 0;

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
    // Marks the room finished and keeps the game's record, in one transaction.
    virtual Status finish_game(const FinishedGame& game) = 0;
    // Most recently finished first.
    virtual Result<std::vector<GameSummary>> list_finished(int limit, int offset) = 0;
    // The record_json of a finished game, nullopt when there is no such game.
    virtual Result<std::optional<std::string>> get_game(std::string_view game_id) = 0;
};

}  // namespace carc::storage
