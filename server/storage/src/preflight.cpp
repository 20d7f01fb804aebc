#include "preflight.hpp"

#include <array>
#include <cstring>
#include <fstream>

#include "schema.hpp"
#include "sqlite_handle.hpp"

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

bool has_wal_frames(const fs::path& file) {
    std::error_code ec;
    const fs::path wal = fs::path(file).concat("-wal");
    return fs::exists(wal, ec) && fs::file_size(wal, ec) > 0;
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
    if (!fs::exists(status)) return {};  // a new database
    if (!fs::is_regular_file(status)) {
        return refuse(ErrorCode::io_error, file, "exists but is not a regular file");
    }
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) return Error{ErrorCode::io_error, file.string() + ": " + ec.message()};
    if (size == 0) return {};  // SQLite's own empty database
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
