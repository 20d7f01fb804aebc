// SqliteStore: group commit (group_commit.hpp). synchronous=FULL: the COMMIT returns after the
// WAL is fsynced, once for every write of the batch (NORMAL: once the WAL is written).
#include "sqlite_store.hpp"

namespace carc::storage {

Result<sqlite::WriteTransaction> SqliteStore::begin_write_locked() { return sqlite::WriteTransaction::begin(db_); }

Status SqliteStore::run_locked(std::string_view sql) {
    // The savepoint statements run for every write: prepared once (the connection keeps them).
    auto stmt = sqlite::Statement::prepare(db_, sql);
    if (!stmt) return stmt.status();
    return stmt->run();
}

std::vector<Status> SqliteStore::write_batch(const std::vector<JournalWrite>& writes) {
    return GroupCommit<SqliteStore>::write_batch(*this, writes);
}

}  // namespace carc::storage
