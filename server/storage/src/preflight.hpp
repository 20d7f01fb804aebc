#pragma once
// Checks an existing database file through a read-only connection before anything may write to
// it: a damaged, foreign or newer file must be refused, never "repaired" or migrated over.

#include <filesystem>
#include <string>

#include "carc/storage/result.hpp"

namespace carc::storage {

// Success for a missing or empty file (a new database) without a write-ahead log, and for a
// healthy file of this or an older schema version; otherwise corrupt, foreign_database,
// newer_schema or io_error with a message naming the file. The companions are judged first: a
// rollback journal, a damaged write-ahead log, or a log next to a missing or empty database is
// refused, since SQLite would silently drop or replay them.
Status preflight_check(const std::filesystem::path& file, const std::string& vfs,
                       bool check_integrity);

}  // namespace carc::storage
