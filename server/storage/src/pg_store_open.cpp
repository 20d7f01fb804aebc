// PostgresStore: connecting, the schema, and the two hooks into the store's logic.
#include <algorithm>
#include <csignal>

#include "pg_schema.hpp"
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

int postgres_schema_version() { return pg_schema::current_version(); }

namespace {

// docs/scaling.md, "Bounded waits": a lock wait or an abandoned transaction ends well within a
// lease, so a paused node cannot hold up the others' writes or takeovers for longer.
pg::Limits limits_for(std::chrono::milliseconds lease) {
    using std::chrono::milliseconds;
    if (lease.count() <= 0) return {};
    return {.lock_timeout = lease / 2,
            .statement_timeout = std::max(lease, milliseconds(5000)),
            .idle_in_transaction = std::max(lease / 2, milliseconds(1000)),
            .dead_peer = std::max(lease, milliseconds(3000))};
}

}  // namespace

PostgresStore::PostgresStore(std::unique_ptr<pg::SqlConnection> conn, pg::Connection lease_conn,
                             const PostgresOptions& options)
    : SqlStore(std::move(conn)),
      conn_(static_cast<pg::SqlConnection&>(db()).raw()),
      lease_conn_(std::move(lease_conn)),
      node_id_(options.node_id),
      lose_commit_answer_at_seq_(options.test_lose_commit_answer_at_seq),
      stop_at_seq_(options.test_stop_at_seq) {}

Result<PostgresHandles> open_postgres_store(const PostgresOptions& options) {
    const pg::Limits limits = limits_for(options.lease);
    auto conn = pg::Connection::open(options.url, options.schema);
    if (!conn) return conn.error();
    auto db = std::make_unique<pg::SqlConnection>(std::move(conn).value());
    // Unbounded while migrating: another node starting at the same time holds the migration lock.
    if (auto migrated = pg_schema::migrate(*db); !migrated) return migrated.error();
    if (auto limited = db->raw().limit(limits); !limited) return limited.error();
    auto lease_conn = pg::Connection::open(options.url, options.schema, limits);
    if (!lease_conn) return lease_conn.error();
    auto store = std::make_shared<PostgresStore>(std::move(db), std::move(lease_conn).value(), options);
    Stores all = stores_of(store);
    all.leases = store;
    return PostgresHandles{store, store, std::move(all)};
}

Status PostgresStore::fence_locked(std::string_view room_id) {
    if (node_id_.empty()) return {};  // one node: nothing to fence
    const auto epoch = held_epoch(room_id);
    if (!epoch) return {ErrorCode::fenced, "room " + std::string(room_id) + ": this node holds no lease of it"};
    // FOR SHARE: a takeover (UPDATE of this row) waits until this transaction ends, and this
    // transaction waits for a takeover in progress (at most lock_timeout) and then sees its
    // new epoch.
    auto rows = conn_.query(
        "SELECT 1 FROM room_leases WHERE room_id = $1 AND node_id = $2 AND epoch = $3 FOR SHARE",
        {text(room_id), text(node_id_), number(*epoch)});
    if (!rows) return rows.status();
    if (rows->size() == 0) {
        std::lock_guard guard(epochs_mutex_);
        if (const auto held = epochs_.find(room_id); held != epochs_.end() && held->second == *epoch) epochs_.erase(held);
        return {ErrorCode::fenced, "room " + std::string(room_id) + ": lease lost to another node"};
    }
    return {};
}

std::optional<std::int64_t> PostgresStore::held_epoch(std::string_view room_id) {
    std::lock_guard guard(epochs_mutex_);
    const auto held = epochs_.find(room_id);
    if (held == epochs_.end()) return std::nullopt;
    return held->second;
}

void PostgresStore::hold(std::string_view room_id, std::int64_t epoch) {
    std::lock_guard guard(epochs_mutex_);
    epochs_.insert_or_assign(std::string(room_id), epoch);
}

void PostgresStore::action_written_locked(const ActionRecord& action) {
    if (lose_commit_answer_at_seq_ != 0 && action.seq == lose_commit_answer_at_seq_) {
        lose_commit_answer_at_seq_ = 0;  // once
        conn_.lose_next_commit_answer();
    }
    if (stop_at_seq_ != 0 && action.seq == stop_at_seq_) {
        stop_at_seq_ = 0;  // once: after SIGCONT the write goes on
        std::raise(SIGSTOP);
    }
}

}  // namespace carc::storage
