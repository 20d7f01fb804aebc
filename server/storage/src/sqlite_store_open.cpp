// open_sqlite_store: lock the directory, check the file read-only, then configure and migrate.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "carc/storage/sqlite_store.hpp"
#include "preflight.hpp"
#include "schema.hpp"
#include "sqlite_store.hpp"

namespace carc::storage {
namespace {

namespace fs = std::filesystem;

Result<std::string> query_text(const sqlite::Database& db, const char* sql) {
    auto stmt = sqlite::Statement::prepare(db, sql);
    if (!stmt) return stmt.error();
    auto row = stmt->step();
    if (!row) return row.error();
    return *row ? stmt->column_text(0) : std::string();
}

Status configure(sqlite::Database& db, int busy_timeout_ms, bool sync_full) {
    if (sqlite3_busy_timeout(db.get(), busy_timeout_ms) != SQLITE_OK) {
        return db.error(sqlite3_errcode(db.get()), "busy_timeout");
    }
    // WAL: readers never block the writer and a commit is one sequential append.
    auto mode = query_text(db, "PRAGMA journal_mode = WAL");
    if (!mode) return mode.status();
    if (*mode != "wal") {
        return Error{ErrorCode::io_error,
                     db.file() + ": cannot use WAL journal mode (got '" + *mode + "')"};
    }
    // FULL: the WAL is fsynced at every commit, so a committed action survives power loss.
    // NORMAL (WAL mode): the commit is in the WAL file (the OS's page cache) when COMMIT returns,
    // so it survives the process's death; the WAL is fsynced at checkpoints only.
    return db.exec(sync_full ? "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON"
                             : "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
}

}  // namespace

int sqlite_schema_version() { return schema::current_version(); }

Result<Stores> open_sqlite_stores(const SqliteOptions& options) {
    std::error_code ec;
    fs::create_directories(options.data_dir, ec);
    if (ec) {
        return Error{ErrorCode::io_error,
                     options.data_dir.string() + ": cannot create data directory: " + ec.message()};
    }
    // SQLite needs to create its log and shared-memory files next to the database; in a
    // read-only folder it would fail half-way through (or, read-only, lose the log's games).
    if (::access(options.data_dir.c_str(), W_OK | X_OK) != 0) {
        const int err = errno;
        return Error{ErrorCode::io_error, options.data_dir.string() +
                                              ": the data directory is not writable (" +
                                              std::strerror(err) + "); nothing was changed"};
    }
    const fs::path file = options.data_dir / options.file_name;

    // Lock first, so no other server writes the file while we check it.
    auto lock = DataDirLock::acquire(fs::path(file).concat(".lock"));
    if (!lock) return lock.error();

    if (auto checked = preflight_check(file, options.vfs_name, options.check_integrity); !checked) {
        return checked.error();
    }

    auto db = sqlite::Database::open(file.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                     options.vfs_name);
    if (!db) return db.error();
    if (auto configured = configure(*db, options.busy_timeout_ms, options.sync_full); !configured) {
        return configured.error();
    }
    auto conn = std::make_unique<sqlite::Connection>(std::move(db).value());
    if (auto migrated = schema::migrate(*conn); !migrated) return migrated.error();
    // The directory lock already keeps every other process out, so the file locks SQLite takes
    // and drops around each transaction (several fcntl calls per commit) are pure cost: hold
    // them for the connection's life. Set after the first WAL access, so the shared-memory
    // index stays as it was (docs/storage.md).
    if (auto exclusive = conn->database().exec("PRAGMA locking_mode = EXCLUSIVE"); !exclusive)
        return exclusive.error();

    return stores_of(std::make_shared<SqliteStore>(std::move(lock).value(), std::move(conn), options.sync_full));
}

Result<std::shared_ptr<Store>> open_sqlite_store(const SqliteOptions& options) {
    auto opened = open_sqlite_stores(options);
    if (!opened) return opened.error();
    return std::move(opened)->games;
}

}  // namespace carc::storage
