// PostgresStore: group commit (group_commit.hpp), one round trip per statement.
#include "pg_store.hpp"

namespace carc::storage {

Result<pg::Transaction> PostgresStore::begin_write_locked() { return pg::Transaction::begin(conn_); }

Status PostgresStore::run_locked(std::string_view sql) { return conn_.run(sql); }

std::vector<Status> PostgresStore::write_batch(const std::vector<JournalWrite>& writes) {
    return GroupCommit<PostgresStore>::write_batch(*this, writes);
}

}  // namespace carc::storage
