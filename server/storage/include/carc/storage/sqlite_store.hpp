#pragma once
// The embedded SQLite implementation of Store (the default: `make run` needs nothing else).

#include <filesystem>
#include <memory>
#include <string>

#include "carc/storage/result.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/stores.hpp"

namespace carc::storage {

struct SqliteOptions {
    std::filesystem::path data_dir = "data";
    std::string file_name = "carc.sqlite3";
    int busy_timeout_ms = 5000;
    // Run PRAGMA quick_check before touching the file. Linear in the file size; keep it on
    // unless start-up time on a huge database matters more than refusing a damaged one.
    bool check_integrity = true;
    // true: synchronous=FULL, every commit fsyncs the WAL (survives a power cut). false:
    // synchronous=NORMAL, a commit is written to the WAL but fsynced only at checkpoints: it
    // survives the process being killed (the OS has the data) but not the machine failing.
    bool sync_full = true;
    // SQLite VFS to open the file with; empty for the default. Tests use a fault-injecting one.
    std::string vfs_name;
};

// The schema version this code writes; files with a newer one are refused.
int sqlite_schema_version();

// Creates data_dir if missing and opens (or creates) the database in it. Refuses, without
// modifying it, a file that is corrupt, truncated, not SQLite, another program's database or of
// a newer schema; refuses a data directory another process holds. Error messages name the file.
Result<Stores> open_sqlite_stores(const SqliteOptions& options);
// The same, seen only as the games' Store (the storage tests).
Result<std::shared_ptr<Store>> open_sqlite_store(const SqliteOptions& options);

}  // namespace carc::storage
