#pragma once
// The versioned schema. PRAGMA user_version holds the version of a file; PRAGMA application_id
// marks it as ours so another program's SQLite file is never migrated by mistake.

#include <cstdint>

#include "carc/storage/result.hpp"
#include "sqlite_connection.hpp"

namespace carc::storage::schema {

// 'CARC' in ASCII.
inline constexpr std::int32_t application_id = 0x43415243;

// The version this code writes: the number of migrations.
int current_version();

// Applies every migration the file lacks, each in its own transaction together with its
// user_version bump, so a crash between migrations leaves a valid older version.
Status migrate(sqlite::Connection& conn);

}  // namespace carc::storage::schema
