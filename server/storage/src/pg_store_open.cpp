// PostgresStore: connecting and the schema.
#include "pg_schema.hpp"
#include "pg_store.hpp"

namespace carc::storage {

int postgres_schema_version() { return pg_schema::current_version(); }

PostgresStore::PostgresStore(pg::Connection conn, std::string node_id, std::int64_t lose_commit_answer_at_seq)
    : conn_(std::move(conn)), node_id_(std::move(node_id)), lose_commit_answer_at_seq_(lose_commit_answer_at_seq) {}

Result<PostgresHandles> open_postgres_store(const PostgresOptions& options) {
    auto conn = pg::Connection::open(options.url, options.schema);
    if (!conn) return conn.error();
    if (auto migrated = pg_schema::migrate(*conn); !migrated) return migrated.error();
    auto store = std::make_shared<PostgresStore>(std::move(conn).value(), options.node_id,
                                                 options.test_lose_commit_answer_at_seq);
    return PostgresHandles{store, store};
}

}  // namespace carc::storage
