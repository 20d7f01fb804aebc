// SqliteStore: inline commits. synchronous=FULL: the COMMIT returns after the WAL is fsynced,
// once for every write of a batch (NORMAL: once the WAL is written). With NORMAL a commit never
// waits on the disk, so the server may commit on the submitting thread (enable_inline_commits);
// the WAL checkpoint, which does fsync, then moves to maintain().
#include "sqlite_store.hpp"

namespace carc::storage {

namespace {
// SQLite's own auto-checkpoint threshold: the WAL is copied back once it holds this many pages.
constexpr int checkpoint_pages = 1000;

}  // namespace

SqliteStore::SqliteStore(DataDirLock lock, std::unique_ptr<sqlite::Connection> conn, bool sync_full)
    : SqlStore(std::move(conn)),
      lock_(std::move(lock)),
      connection_(static_cast<sqlite::Connection*>(&db())),
      sync_full_(sync_full) {}

SqliteStore::~SqliteStore() {
    // Close the database before the lock member lets another process in.
    close_connection();
}

bool SqliteStore::enable_inline_commits() {
    if (sync_full_) return false;
    std::lock_guard guard(mutex_);
    // Replaces SQLite's auto-checkpoint (itself a WAL hook that checkpoints inside the commit)
    // by a note of the WAL's size; maintain() checkpoints.
    sqlite3_wal_hook(
        connection_->database().get(),
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
    sqlite::Database& db = connection_->database();
    const int rc = sqlite3_wal_checkpoint_v2(db.get(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    wal_pages_.store(0, std::memory_order_relaxed);
    if (rc != SQLITE_OK) return db.error(rc, "wal_checkpoint");
    return {};
}

}  // namespace carc::storage
