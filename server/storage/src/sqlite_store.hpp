#pragma once
// SqliteStore: Store over one SQLite connection guarded by a mutex. Rooms run on strands across
// threads, but each write ends in an fsync that dominates its cost, so one connection serialising
// writes costs nothing a writer thread would win back, and keeps every call synchronous: when
// append_action returns, the action is on disk or refused.

#include <mutex>

#include "carc/storage/store.hpp"
#include "data_dir_lock.hpp"
#include "sqlite_handle.hpp"

namespace carc::storage {

class SqliteStore final : public Store {
public:
    SqliteStore(DataDirLock lock, sqlite::Database db);

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
    Result<std::vector<std::string>> known_ids() override;

    Status finish_game(const FinishedGame& game) override;
    Result<std::vector<GameSummary>> list_finished(int limit, int offset) override;
    Result<std::optional<std::string>> get_game(std::string_view game_id) override;

private:
    // Helpers named *_locked expect mutex_ held (and usually a transaction open).
    Result<RoomStatus> room_status_locked(std::string_view room_id);
    Result<std::int64_t> last_seq_locked(std::string_view room_id);
    Status write_clock_locked(std::string_view room_id, const ClockState& clock);
    Status load_room_details_locked(StoredRoom& room);
    Result<std::vector<PlayerResult>> game_players_locked(std::string_view game_id);

    std::mutex mutex_;
    DataDirLock lock_;  // declared first: released only after the connection is closed
    sqlite::Database db_;
};

}  // namespace carc::storage
