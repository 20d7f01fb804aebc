#pragma once
// Checks an existing database file through a read-only connection before anything may write to
// it: a damaged, foreign or newer file must be refused, never "repaired" or migrated over.

#include <filesystem>
#include <string>

#include "carc/storage/result.hpp"

namespace carc::storage {

// Success for a missing or empty file (a new database) and for a healthy file of this or an
// older schema version; otherwise corrupt, foreign_database or newer_schema with a message
// naming the file.
Status preflight_check(const std::filesystem::path& file, const std::string& vfs,
                       bool check_integrity);

}  // namespace carc::storage
