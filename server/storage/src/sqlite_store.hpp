#pragma once
// SqliteStore: the store's logic (SqlStore) over one SQLite connection, plus what only SQLite
// has: the data-directory lock held for the store's life, and commits cheap enough to run on the
// submitting thread (synchronous=NORMAL), their WAL checkpoints moved to maintain().

#include <atomic>

#include "data_dir_lock.hpp"
#include "sql_store.hpp"
#include "sqlite_connection.hpp"

namespace carc::storage {

class SqliteStore final : public SqlStore {
public:
    SqliteStore(DataDirLock lock, std::unique_ptr<sqlite::Connection> conn, bool sync_full);
    ~SqliteStore() override;

    bool enable_inline_commits() override;
    bool maintenance_due() const override;
    Status maintain() override;

private:
    DataDirLock lock_;  // released only after the connection is closed (the destructor)
    sqlite::Connection* connection_;  // owned by SqlStore
    const bool sync_full_;
    // Pages in the WAL after the last commit, once enable_inline_commits() took checkpoints over.
    std::atomic<int> wal_pages_{0};
};

}  // namespace carc::storage
