// SqliteStore: group commit (group_commit.hpp). synchronous=FULL: the COMMIT returns after the
// WAL is fsynced, once for every write of the batch (NORMAL: once the WAL is written). With
// NORMAL a commit never waits on the disk, so the server may commit on the submitting thread
// (enable_inline_commits); the WAL checkpoint, which does fsync, then moves to maintain().
#include "sqlite_store.hpp"

namespace carc::storage {

namespace {
// SQLite's own auto-checkpoint threshold: the WAL is copied back once it holds this many pages.
constexpr int checkpoint_pages = 1000;
}  // namespace

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

bool SqliteStore::enable_inline_commits() {
    if (sync_full_) return false;
    std::lock_guard guard(mutex_);
    // Replaces SQLite's auto-checkpoint (itself a WAL hook that checkpoints inside the commit)
    // by a note of the WAL's size; maintain() checkpoints.
    sqlite3_wal_hook(
        db_.get(),
        [](void* self, sqlite3*, const char*, int pages) {
            static_cast<SqliteStore*>(self)->wal_pages_.store(pages, std::memory_order_relaxed);
            return SQLITE_OK;
        },
        this);
    return true;
}

bool SqliteStore::maintenance_due() const {
    return wal_pages_.load(std::memory_order_relaxed) >= checkpoint_pages;
}

Status SqliteStore::maintain() {
    std::lock_guard guard(mutex_);
    // PASSIVE: copies what it can without waiting for readers; the server's own connection is the
    // only one, so it copies everything and the next commit starts the WAL from its beginning.
    const int rc = sqlite3_wal_checkpoint_v2(db_.get(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    wal_pages_.store(0, std::memory_order_relaxed);
    if (rc != SQLITE_OK) return db_.error(rc, "wal_checkpoint");
    return {};
}

}  // namespace carc::storage
