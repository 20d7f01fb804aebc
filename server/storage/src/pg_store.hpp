#pragma once
// PostgresStore: the store's logic (SqlStore) over one libpq connection, plus what only
// PostgreSQL has: room leases and the fence of every room write, people, and one lobby across
// nodes (LISTEN/NOTIFY). With a node id, every write to a room first locks the room's lease row
// and checks this node's epoch (the takeover's UPDATE waits for it, so no write of an old owner
// lands after a takeover). The lease calls have a connection (and mutex) of their own: a
// takeover or a renewal never holds up the journal's writes, nor they it.

#include <map>

#include "carc/storage/postgres_store.hpp"
#include "pg_sql_connection.hpp"
#include "sql_store.hpp"

namespace carc::storage {

class PostgresStore final : public SqlStore, public LeaseStore {
public:
    PostgresStore(std::unique_ptr<pg::SqlConnection> conn, pg::Connection lease_conn, const PostgresOptions& options);

    // Group commit in one round trip when every write is an action (pg_store_pipeline.cpp);
    // SqlStore's statement by statement otherwise, or when one of them is refused.
    std::vector<Status> write_batch(const std::vector<JournalWrite>& writes) override;
    // Round trips of the store's connection so far (postgres_round_trips).
    std::int64_t round_trips();

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
    Result<std::optional<std::string>> room_by_invite(std::string_view invite) override;
    Status publish_room(std::string_view room_id, const std::optional<std::string>& summary_json) override;
    Result<std::vector<ListedRoom>> listed_rooms() override;
    Status notify_people(std::string_view payload) override;
    // Caps across nodes (pg_store_charges.cpp).
    Result<ChargeRefusal> charge_room(std::string_view room_id, std::string_view person, std::string_view address,
                                      int search_bots, const ChargeCaps& caps) override;
    Result<ChargeRefusal> set_room_bots(std::string_view room_id, int search_bots, const ChargeCaps& caps) override;
    Status uncharge_room(std::string_view room_id) override;

private:
    // The batch as one pipeline; nullopt when it must go statement by statement (a write that is
    // no action, a room whose lease this node does not hold, a write PostgreSQL refused).
    std::optional<std::vector<Status>> write_pipelined(const std::vector<JournalWrite>& writes);
    Status fence_locked(std::string_view room_id) override;
    void action_written_locked(const ActionRecord& action) override;
    // The holder of `room_id`'s lease, read on the lease connection (lease_mutex_ held).
    Result<std::optional<RoomLease>> lease_of_locked(std::string_view room_id);
    std::optional<std::int64_t> held_epoch(std::string_view room_id);
    void hold(std::string_view room_id, std::int64_t epoch);

    pg::Connection& conn_;  // owned by SqlStore, guarded by SqlStore::mutex_
    std::mutex lease_mutex_;
    pg::Connection lease_conn_;  // leases, people, the lobby; guarded by lease_mutex_
    // In a transaction on lease_conn_: the refusal when `room_id` with `search_bots` seats (and
    // as a new room when `new_room`) would pass a cap of its creator.
    Result<ChargeRefusal> over_caps_locked(std::string_view room_id, std::string_view person, std::string_view address,
                                           int search_bots, bool new_room, const ChargeCaps& caps);
    const std::string node_id_;
    std::int64_t lose_commit_answer_at_seq_ = 0;  // tests: PostgresOptions::test_lose_commit_answer_at_seq
    std::int64_t stop_at_seq_ = 0;                // tests: PostgresOptions::test_stop_at_seq
    std::mutex epochs_mutex_;  // taken last, never across a query
    std::map<std::string, std::int64_t, std::less<>> epochs_;  // this node's leases
};

}  // namespace carc::storage
