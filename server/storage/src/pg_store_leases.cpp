// PostgresStore: room leases. Times come from PostgreSQL's clock (clock_timestamp()), so the
// nodes' clocks do not matter; an epoch that grows with every new owner fences old owners.
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

Result<RoomLease> PostgresStore::acquire(std::string_view room_id, std::string_view public_url,
                                         std::chrono::milliseconds ttl) {
    if (node_id_.empty()) return Error{ErrorCode::invalid_argument, "leases need a node id"};
    std::lock_guard guard(lease_mutex_);
    if (auto begun = lease_conn_.run("BEGIN"); !begun) return begun.error();
    // A row that a write in flight holds (FOR SHARE) is not waited for: its node may be paused
    // mid-write, and waiting would make this node's other work wait too. The room is skipped
    // (ErrorCode::locked) and tried again later; PostgreSQL ends a transaction left open by a
    // paused node after idle_in_transaction_session_timeout.
    auto result = [&]() -> Result<RoomLease> {
        if (auto locked = lease_conn_.run("SELECT 1 FROM room_leases WHERE room_id = $1 FOR UPDATE NOWAIT", {text(room_id)});
            !locked)
            return locked.error();
        auto taken = lease_conn_.query(
            "INSERT INTO room_leases (room_id, node_id, public_url, epoch, expires_at)"
            " VALUES ($1, $2, $3, 1, clock_timestamp() + $4::bigint * interval '1 millisecond')"
            " ON CONFLICT (room_id) DO UPDATE SET node_id = excluded.node_id,"
            " public_url = excluded.public_url, epoch = room_leases.epoch + 1,"
            " expires_at = excluded.expires_at"
            " WHERE room_leases.expires_at < clock_timestamp() OR room_leases.node_id = excluded.node_id"
            " RETURNING epoch",
            {text(room_id), text(node_id_), text(public_url), number(ttl.count())});
        if (!taken) return taken.error();
        if (taken->size() == 1)
            return RoomLease{std::string(room_id), node_id_, std::string(public_url), taken->int64(0, 0), true};
        auto holder = lease_of_locked(room_id);
        if (!holder) return holder.error();
        if (!*holder) return Error{ErrorCode::io_error, "room " + std::string(room_id) + ": lease changed hands, retry"};
        return **holder;
    }();
    if (!result) {
        if (lease_conn_.in_transaction()) (void)lease_conn_.run("ROLLBACK");
        return result;
    }
    if (auto committed = lease_conn_.run("COMMIT"); !committed) return committed.error();
    if (result->node_id == node_id_) hold(room_id, result->epoch);
    return result;
}

Result<std::vector<std::string>> PostgresStore::renew_all(std::chrono::milliseconds ttl) {
    std::lock_guard guard(lease_mutex_);
    std::vector<std::string> kept;
    {
        std::lock_guard held(epochs_mutex_);
        if (epochs_.empty()) return kept;
    }
    auto rows = lease_conn_.query(
        "UPDATE room_leases SET expires_at = clock_timestamp() + $2::bigint * interval '1 millisecond'"
        " WHERE node_id = $1 RETURNING room_id, epoch",
        {text(node_id_), number(ttl.count())});
    if (!rows) return rows.error();
    std::map<std::string, std::int64_t, std::less<>> renewed;
    for (int i = 0; i < rows->size(); ++i) renewed.emplace(rows->text(i, 0), rows->int64(i, 1));
    // Leases are only taken under lease_mutex_, so every one held now was there to renew.
    std::lock_guard held(epochs_mutex_);
    std::erase_if(epochs_, [&](const auto& lease) {
        const auto found = renewed.find(lease.first);
        return found == renewed.end() || found->second != lease.second;
    });
    for (const auto& [room, epoch] : epochs_) kept.push_back(room);
    return kept;
}

Status PostgresStore::release(std::string_view room_id) {
    std::lock_guard guard(lease_mutex_);
    std::int64_t epoch = 0;
    {
        std::lock_guard held_guard(epochs_mutex_);
        const auto held = epochs_.find(room_id);
        if (held == epochs_.end()) return {};
        epoch = held->second;
        epochs_.erase(held);
    }
    return lease_conn_.run("DELETE FROM room_leases WHERE room_id = $1 AND node_id = $2 AND epoch = $3",
                     {text(room_id), text(node_id_), number(epoch)});
}

Result<std::optional<RoomLease>> PostgresStore::lease_of(std::string_view room_id) {
    std::lock_guard guard(lease_mutex_);
    return lease_of_locked(room_id);
}

Result<std::optional<RoomLease>> PostgresStore::lease_of_locked(std::string_view room_id) {
    auto rows = lease_conn_.query(
        "SELECT node_id, public_url, epoch, expires_at > clock_timestamp() FROM room_leases WHERE room_id = $1",
        {text(room_id)});
    if (!rows) return rows.error();
    if (rows->size() == 0) return std::optional<RoomLease>();
    return std::optional<RoomLease>(RoomLease{std::string(room_id), rows->text(0, 0), rows->text(0, 1),
                                              rows->int64(0, 2), rows->text(0, 3) == "t"});
}

Result<std::vector<std::string>> PostgresStore::orphaned_rooms(int limit) {
    std::lock_guard guard(lease_mutex_);
    auto rows = lease_conn_.query(
        "SELECT r.room_id FROM rooms r LEFT JOIN room_leases l ON l.room_id = r.room_id"
        " WHERE r.status IN ('lobby', 'running') AND (l.room_id IS NULL OR l.expires_at < clock_timestamp())"
        " AND NOT EXISTS (SELECT 1 FROM adjourned a WHERE a.room_id = r.room_id)"
        " ORDER BY r.created_at_ms, r.room_id LIMIT $1",
        {number(limit)});
    if (!rows) return rows.error();
    std::vector<std::string> rooms;
    for (int i = 0; i < rows->size(); ++i) rooms.push_back(rows->text(i, 0));
    return rooms;
}

Result<std::optional<std::string>> PostgresStore::room_by_invite(std::string_view invite) {
    std::lock_guard guard(lease_mutex_);
    // The code is in the room's stored config (waiting room and game alike). No index: a scan of
    // the unfinished rooms, only for a code the node asked does not have in memory.
    auto rows = lease_conn_.query(
        "SELECT room_id FROM rooms WHERE status IN ('lobby', 'running')"
        " AND config_json::jsonb ->> 'invite' = $1 ORDER BY created_at_ms DESC LIMIT 1",
        {text(invite)});
    if (!rows) return rows.error();
    if (rows->size() == 0) return std::optional<std::string>();
    return std::optional<std::string>(rows->text(0, 0));
}

}  // namespace carc::storage

namespace carc::storage {

Result<bool> PostgresStore::claim_new(std::string_view room_id, std::string_view public_url,
                                      std::chrono::milliseconds ttl) {
    if (node_id_.empty()) return Error{ErrorCode::invalid_argument, "leases need a node id"};
    std::lock_guard guard(lease_mutex_);
    auto taken = lease_conn_.query(
        "INSERT INTO room_leases (room_id, node_id, public_url, epoch, expires_at)"
        " SELECT $1, $2, $3, 1, clock_timestamp() + $4::bigint * interval '1 millisecond'"
        " WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE room_id = $1)"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE game_id = $1)"
        " ON CONFLICT (room_id) DO NOTHING RETURNING epoch",
        {text(room_id), text(node_id_), text(public_url), number(ttl.count())});
    if (!taken) return taken.error();
    if (taken->size() == 0) return false;
    hold(room_id, taken->int64(0, 0));
    return true;
}

Status PostgresStore::put_person(const StoredPerson& person) {
    std::lock_guard guard(lease_mutex_);
    return lease_conn_.run(
        "INSERT INTO people (token_sha256, person_id, name) VALUES ($1, $2, $3)"
        " ON CONFLICT (token_sha256) DO UPDATE SET person_id = excluded.person_id, name = excluded.name",
        {text(person.token_hash.hex()), text(person.person_id), text(person.name)});
}

Result<std::optional<StoredPerson>> PostgresStore::find_person(const TokenHash& token_hash) {
    std::lock_guard guard(lease_mutex_);
    auto rows = lease_conn_.query("SELECT person_id, name FROM people WHERE token_sha256 = $1", {text(token_hash.hex())});
    if (!rows) return rows.error();
    if (rows->size() == 0) return std::optional<StoredPerson>();
    return std::optional<StoredPerson>(StoredPerson{rows->text(0, 0), rows->text(0, 1), token_hash});
}

Result<std::vector<std::string>> PostgresStore::seated_rooms(const TokenHash& token_hash) {
    std::lock_guard guard(lease_mutex_);
    auto rows = lease_conn_.query(
        "SELECT DISTINCT s.room_id FROM seats s JOIN rooms r ON r.room_id = s.room_id"
        " WHERE s.token_sha256 = $1 AND r.status IN ('lobby', 'running', 'adjourned') ORDER BY 1",
        {text(token_hash.hex())});
    if (!rows) return rows.error();
    std::vector<std::string> rooms;
    for (int i = 0; i < rows->size(); ++i) rooms.push_back(rows->text(i, 0));
    return rooms;
}

}  // namespace carc::storage
