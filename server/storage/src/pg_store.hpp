#pragma once
// PostgresStore: Store and LeaseStore over one libpq connection guarded by a mutex. The same
// checks as SqliteStore (sequence, status, existence) inside PostgreSQL transactions; with a
// node id, every write to a room first locks the room's lease row and checks this node's epoch
// (the takeover's UPDATE waits for it, so no write of an old owner lands after a takeover).

#include <map>
#include <mutex>

#include "carc/storage/postgres_store.hpp"
#include "group_commit.hpp"
#include "pg_connection.hpp"

namespace carc::storage {

class PostgresStore final : public Store, public LeaseStore {
public:
    PostgresStore(pg::Connection conn, std::string node_id, std::int64_t lose_commit_answer_at_seq = 0);

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

    Status finish_game(const FinishedGame& game) override;
    Result<std::vector<GameSummary>> list_finished(int limit, int offset) override;
    Result<std::optional<std::string>> get_game(std::string_view game_id) override;

    Result<RoomLease> acquire(std::string_view room_id, std::string_view public_url,
                              std::chrono::milliseconds ttl) override;
    Result<std::vector<std::string>> renew_all(std::chrono::milliseconds ttl) override;
    Status release(std::string_view room_id) override;
    Result<std::optional<RoomLease>> lease_of(std::string_view room_id) override;
    Result<std::vector<std::string>> orphaned_rooms(int limit) override;
    Result<bool> claim_new(std::string_view room_id, std::string_view public_url,
                           std::chrono::milliseconds ttl) override;
    Status put_person(const StoredPerson& person) override;
    Result<std::optional<StoredPerson>> find_person(const TokenHash& token_hash) override;
    Result<std::vector<std::string>> seated_rooms(const TokenHash& token_hash) override;
    Status publish_room(std::string_view room_id, const std::optional<std::string>& summary_json) override;
    Result<std::vector<ListedRoom>> listed_rooms() override;

private:
    friend class GroupCommit<PostgresStore>;

    // Helpers named *_locked expect mutex_ held; the writes expect a transaction open.
    Status fence_locked(std::string_view room_id);
    Result<RoomStatus> room_status_locked(std::string_view room_id);
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
    Result<pg::Transaction> begin_write_locked();
    Status run_locked(std::string_view sql);
    Result<std::int64_t> last_seq_locked(std::string_view room_id);
    Status write_clock_locked(std::string_view room_id, const ClockState& clock);
    Result<std::vector<StoredRoom>> load_rooms_locked(std::string_view only_room);
    Status load_seats_locked(StoredRoom& room);
    Status load_room_details_locked(StoredRoom& room);
    Result<std::vector<PlayerResult>> game_players_locked(std::string_view game_id);
    template <typename Write>
    Status in_transaction(Write write);

    std::mutex mutex_;
    pg::Connection conn_;
    const std::string node_id_;
    std::int64_t lose_commit_answer_at_seq_ = 0;  // tests: PostgresOptions::test_lose_commit_answer_at_seq
    std::map<std::string, std::int64_t, std::less<>> epochs_;  // this node's leases
};

template <typename Write>
Status PostgresStore::in_transaction(Write write) {
    std::lock_guard guard(mutex_);
    auto tx = pg::Transaction::begin(conn_);
    if (!tx) return tx.status();
    if (auto written = write(); !written) return written;
    return tx->commit();
}

}  // namespace carc::storage
