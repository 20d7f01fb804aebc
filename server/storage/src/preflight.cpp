#include "preflight.hpp"

#include <array>
#include <cstring>
#include <fstream>

#include "schema.hpp"
#include "sqlite_handle.hpp"
#include "wal_scan.hpp"

namespace carc::storage {
namespace {

namespace fs = std::filesystem;

constexpr const char* untouched_hint =
    "; the file was left untouched: restore a backup or move it away to start afresh";

Error refuse(ErrorCode code, const fs::path& file, const std::string& problem) {
    return {code, file.string() + ": " + problem + untouched_hint};
}

std::uint32_t big_endian(const unsigned char* bytes, int count) {
    std::uint32_t value = 0;
    for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
    return value;
}

Error refuse_files(ErrorCode code, const fs::path& file, const std::string& problem) {
    return {code, file.string() + ": " + problem +
                      "; the files were left untouched: restore a backup, or move the database "
                      "and its companions away to start afresh (docs/storage.md)"};
}

fs::path companion(const fs::path& file, const char* suffix) { return fs::path(file).concat(suffix); }

// Size of `path`, 0 when it does not exist.
std::uintmax_t size_or_zero(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

bool has_wal_frames(const fs::path& file) { return size_or_zero(companion(file, "-wal")) > 0; }

// The files SQLite keeps next to the database, judged before SQLite opens any of them: it
// would act on each without a word (play a rollback journal back over a WAL database, drop a
// log it cannot read, or take an empty database for a new one and delete its log).
Status check_companions(const fs::path& file, bool database_present) {
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        std::error_code ec;
        const fs::path path = companion(file, suffix);
        const auto status = fs::symlink_status(path, ec);
        if (fs::exists(status) && !fs::is_regular_file(status))
            return refuse_files(ErrorCode::io_error, file, path.string() + " exists but is not a regular file");
    }
    const fs::path journal = companion(file, "-journal");
    if (const auto size = size_or_zero(journal); size > 0) {
        return refuse_files(ErrorCode::corrupt, file,
                            "a rollback journal " + journal.string() + " (" + std::to_string(size) +
                                " bytes) lies next to it; this server never writes one, and "
                                "SQLite would play it back over the database, undoing later writes");
    }
    const fs::path wal = companion(file, "-wal");
    const auto wal_size = size_or_zero(wal);
    if (wal_size == 0) return {};
    if (!database_present) {
        return refuse_files(ErrorCode::corrupt, file,
                            "missing or empty while its write-ahead log " + wal.string() + " holds " +
                                std::to_string(wal_size) +
                                " bytes; games may live in that log only, and SQLite would delete it");
    }
    if (const WalScan scan = scan_wal(wal); !scan.problem.empty()) {
        return refuse_files(ErrorCode::corrupt, file,
                            "its write-ahead log " + wal.string() + " is damaged: " + scan.problem +
                                "; SQLite would discard what it holds");
    }
    return {};
}

// What the 100-byte header alone tells: SQLite would say "file is not a database" or
// "malformed" where these checks can say "not SQLite" or "truncated".
Status check_header(const fs::path& file, std::uintmax_t size) {
    static constexpr char magic[] = "SQLite format 3";  // 16 bytes with its NUL
    std::array<unsigned char, 100> header{};
    std::ifstream in(file, std::ios::binary);
    if (!in) return Error{ErrorCode::io_error, file.string() + ": cannot be read"};
    in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got < sizeof magic || std::memcmp(header.data(), magic, sizeof magic) != 0) {
        return refuse(ErrorCode::corrupt, file, "not a SQLite database (no SQLite header)");
    }
    if (got < header.size()) {
        return refuse(ErrorCode::corrupt, file,
                      "truncated: " + std::to_string(size) +
                          " bytes, shorter than the 100-byte SQLite header");
    }
    // The page count at offset 28 is trustworthy when the change counter (24) equals the
    // version-valid-for number (92). Un-checkpointed WAL frames may still be pending, so only
    // a file without them is judged by it.
    const std::uint32_t raw_page_size = big_endian(&header[16], 2);
    const std::uintmax_t page_size = raw_page_size == 1 ? 65536 : raw_page_size;
    const std::uint32_t page_count = big_endian(&header[28], 4);
    const bool count_valid =
        page_count != 0 && big_endian(&header[24], 4) == big_endian(&header[92], 4);
    if (count_valid && !has_wal_frames(file) && size < page_size * page_count) {
        return refuse(ErrorCode::corrupt, file,
                      "truncated: " + std::to_string(size) + " bytes where its header records " +
                          std::to_string(page_count) + " pages of " + std::to_string(page_size) +
                          " bytes");
    }
    return {};
}

Result<std::int64_t> query_int(const sqlite::Database& db, const char* sql) {
    auto stmt = sqlite::Statement::prepare(db, sql);
    if (!stmt) return stmt.error();
    auto row = stmt->step();
    if (!row) return row.error();
    if (!*row) return Error{ErrorCode::internal, std::string(sql) + " returned no row"};
    return stmt->column_int64(0);
}

// PRAGMA quick_check: one row "ok", or up to N rows describing damage.
Status check_integrity(const sqlite::Database& db, const fs::path& file) {
    auto stmt = sqlite::Statement::prepare(db, "PRAGMA quick_check(5)");
    if (!stmt) return refuse(ErrorCode::corrupt, file, "unreadable: " + db.last_message());
    std::string problems;
    for (;;) {
        auto row = stmt->step();
        if (!row) return refuse(ErrorCode::corrupt, file, "damaged: " + db.last_message());
        if (!*row) break;
        const std::string line = stmt->column_text(0);
        if (line == "ok") continue;
        problems += (problems.empty() ? "" : "; ") + line;
    }
    if (!problems.empty()) return refuse(ErrorCode::corrupt, file, "damaged: " + problems);
    return {};
}

}  // namespace

Status preflight_check(const fs::path& file, const std::string& vfs, bool check_integrity_too) {
    std::error_code ec;
    const auto status = fs::status(file, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        return refuse(ErrorCode::io_error, file, "exists but is not a regular file");
    }
    std::uintmax_t size = 0;
    if (fs::exists(status)) {
        size = fs::file_size(file, ec);
        if (ec) return Error{ErrorCode::io_error, file.string() + ": " + ec.message()};
    }
    if (auto companions = check_companions(file, size > 0); !companions) return companions;
    if (size == 0) return {};  // a new database: missing, or SQLite's own empty one
    if (auto header = check_header(file, size); !header) return header;

    auto db = sqlite::Database::open(file.string(), SQLITE_OPEN_READONLY, vfs);
    if (!db) return refuse(db.code(), file, "cannot be opened: " + db.message());

    // The first read parses the header and the schema; damage there shows up here.
    auto tables = query_int(*db, "SELECT count(*) FROM sqlite_schema");
    if (!tables) {
        if (tables.code() == ErrorCode::io_error) return tables.status();
        return refuse(ErrorCode::corrupt, file, "unreadable: " + db->last_message());
    }
    if (check_integrity_too) {
        if (auto healthy = check_integrity(*db, file); !healthy) return healthy;
    }

    auto version = query_int(*db, "PRAGMA user_version");
    auto app_id = query_int(*db, "PRAGMA application_id");
    if (!version) return version.status();
    if (!app_id) return app_id.status();

    const bool ours = *app_id == schema::application_id;
    const bool blank = *app_id == 0 && *version == 0 && *tables == 0;
    if (!ours && !blank) {
        return refuse(ErrorCode::foreign_database, file,
                      "a SQLite database of another program (application_id " +
                          std::to_string(*app_id) + ", " + std::to_string(*tables) + " objects)");
    }
    if (*version > schema::current_version()) {
        return refuse(ErrorCode::newer_schema, file,
                      "schema version " + std::to_string(*version) +
                          " is newer than this server knows (" +
                          std::to_string(schema::current_version()) +
                          "); it was written by a newer server: run that version or newer");
    }
    return {};
}

}  // namespace carc::storage
