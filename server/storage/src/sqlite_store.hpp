#pragma once
// SqliteStore: Store over one SQLite connection guarded by a mutex. Every call is synchronous:
// when append_action returns, the action is on disk or refused. The server writes through
// write_batch, from its writer thread (group commit: one fsync for many rooms' actions) or, with
// synchronous=NORMAL and the writer idle, from the submitting thread (enable_inline_commits);
// the single-write calls are the same writes in a transaction of their own.

#include <atomic>
#include <mutex>

#include "carc/storage/store.hpp"
#include "data_dir_lock.hpp"
#include "group_commit.hpp"
#include "sqlite_handle.hpp"

namespace carc::storage {

class SqliteStore final : public Store {
public:
    SqliteStore(DataDirLock lock, sqlite::Database db, bool sync_full);

    Status create_room(const NewRoom& room) override;
    Status set_room_status(std::string_view room_id, RoomStatus status) override;
    Status put_seat(std::string_view room_id, const SeatRecord& seat) override;
    Status remove_seat(std::string_view room_id, int seat) override;
    Status delete_room(std::string_view room_id) override;
    Status append_chat(std::string_view room_id, const ChatLine& line) override;

    Status append_action(const ActionRecord& action,
                         const std::optional<ClockState>& clock_after) override;
    Result<std::int64_t> last_seq(std::string_view room_id) override;
    Status save_clock(std::string_view room_id, const ClockState& clock) override;
    Status save_checkpoint(std::string_view room_id, const Checkpoint& checkpoint) override;
    Result<std::vector<StoredRoom>> load_unfinished() override;
    Result<std::optional<StoredRoom>> load_room(std::string_view room_id) override;
    Result<std::vector<std::string>> known_ids() override;

    std::vector<Status> write_batch(const std::vector<JournalWrite>& writes) override;
    bool enable_inline_commits() override;
    bool maintenance_due() const override;
    Status maintain() override;

    Status finish_game(const FinishedGame& game) override;
    Result<std::vector<GameSummary>> list_finished(int limit, int offset) override;
    Result<std::optional<std::string>> get_game(std::string_view game_id) override;

private:
    friend class GroupCommit<SqliteStore>;

    // Helpers named *_locked expect mutex_ held (and usually a transaction open).
    Result<RoomStatus> room_status_locked(std::string_view room_id);
    // The writes themselves, inside a transaction the caller opened.
    Status create_room_locked(const NewRoom& room);
    Status set_room_status_locked(std::string_view room_id, RoomStatus status);
    Status put_seat_locked(std::string_view room_id, const SeatRecord& seat);
    Status append_action_locked(const ActionRecord& action, const std::optional<ClockState>& clock_after);
    Status save_checkpoint_locked(std::string_view room_id, const Checkpoint& checkpoint);
    Status finish_game_locked(const FinishedGame& game);
    Status put_waiting_room_locked(const WaitingRoomWrite& waiting);
    // A running room over a stored waiting room of the same id: already_exists when there is none.
    Status start_waiting_room_locked(const NewRoom& room);
    // Group commit's hooks (group_commit.hpp): a write transaction, a savepoint statement.
    Result<sqlite::WriteTransaction> begin_write_locked();
    Status run_locked(std::string_view sql);
    // Runs `write` inside a transaction of its own (the single-write calls).
    template <typename Write>
    Status in_transaction(Write write);
    Result<std::int64_t> last_seq_locked(std::string_view room_id);
    Status write_clock_locked(std::string_view room_id, const ClockState& clock);
    Result<std::vector<StoredRoom>> load_rooms_locked(std::string_view only_room);
    Status load_seats_locked(StoredRoom& room);
    Status load_room_details_locked(StoredRoom& room);
    Result<std::vector<PlayerResult>> game_players_locked(std::string_view game_id);

    std::mutex mutex_;
    DataDirLock lock_;  // declared first: released only after the connection is closed
    sqlite::Database db_;
    const bool sync_full_;
    // Pages in the WAL after the last commit, once enable_inline_commits() took checkpoints over.
    std::atomic<int> wal_pages_{0};
};

template <typename Write>
Status SqliteStore::in_transaction(Write write) {
    std::lock_guard guard(mutex_);
    auto tx = sqlite::WriteTransaction::begin(db_);
    if (!tx) return tx.status();
    if (auto written = write(); !written) return written;
    return tx->commit();
}

}  // namespace carc::storage
