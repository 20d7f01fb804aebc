// PostgresStore: connecting, the schema, and the two hooks into the store's logic.
#include "pg_schema.hpp"
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

int postgres_schema_version() { return pg_schema::current_version(); }

PostgresStore::PostgresStore(std::unique_ptr<pg::SqlConnection> conn, std::string node_id,
                             std::int64_t lose_commit_answer_at_seq)
    : SqlStore(std::move(conn)),
      conn_(static_cast<pg::SqlConnection&>(db()).raw()),
      node_id_(std::move(node_id)),
      lose_commit_answer_at_seq_(lose_commit_answer_at_seq) {}

Result<PostgresHandles> open_postgres_store(const PostgresOptions& options) {
    auto conn = pg::Connection::open(options.url, options.schema);
    if (!conn) return conn.error();
    auto db = std::make_unique<pg::SqlConnection>(std::move(conn).value());
    if (auto migrated = pg_schema::migrate(*db); !migrated) return migrated.error();
    auto store = std::make_shared<PostgresStore>(std::move(db), options.node_id,
                                                 options.test_lose_commit_answer_at_seq);
    return PostgresHandles{store, store};
}

Status PostgresStore::fence_locked(std::string_view room_id) {
    if (node_id_.empty()) return {};  // one node: nothing to fence
    const auto held = epochs_.find(room_id);
    if (held == epochs_.end()) {
        return {ErrorCode::fenced, "room " + std::string(room_id) + ": this node holds no lease of it"};
    }
    // FOR SHARE: a takeover (UPDATE of this row) waits until this transaction ends, and this
    // transaction waits for a takeover in progress and then sees its new epoch.
    auto rows = conn_.query(
        "SELECT 1 FROM room_leases WHERE room_id = $1 AND node_id = $2 AND epoch = $3 FOR SHARE",
        {text(room_id), text(node_id_), number(held->second)});
    if (!rows) return rows.status();
    if (rows->size() == 0) {
        epochs_.erase(held);
        return {ErrorCode::fenced, "room " + std::string(room_id) + ": lease lost to another node"};
    }
    return {};
}

void PostgresStore::action_written_locked(const ActionRecord& action) {
    if (lose_commit_answer_at_seq_ != 0 && action.seq == lose_commit_answer_at_seq_) {
        lose_commit_answer_at_seq_ = 0;  // once
        conn_.lose_next_commit_answer();
    }
}

}  // namespace carc::storage
