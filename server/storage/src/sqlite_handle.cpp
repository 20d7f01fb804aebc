#include "sqlite_handle.hpp"

#include <utility>

namespace carc::storage::sqlite {

ErrorCode error_code_for(int sqlite_code) {
    switch (sqlite_code & 0xff) {  // primary code; extended codes keep it in the low byte
        case SQLITE_IOERR:
        case SQLITE_FULL:
        case SQLITE_READONLY:
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
        case SQLITE_NOLFS:
            return ErrorCode::io_error;
        case SQLITE_CORRUPT:
        case SQLITE_NOTADB:
            return ErrorCode::corrupt;
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return ErrorCode::locked;
        case SQLITE_CONSTRAINT:
        case SQLITE_TOOBIG:
        case SQLITE_RANGE:
        case SQLITE_MISMATCH:
            return ErrorCode::invalid_argument;
        default:
            return ErrorCode::internal;
    }
}

// --- Database ---------------------------------------------------------------------------------

Result<Database> Database::open(const std::string& file, int flags, const std::string& vfs) {
    Database db;
    db.file_ = file;
    const int rc = sqlite3_open_v2(file.c_str(), &db.db_, flags | SQLITE_OPEN_NOMUTEX,
                                   vfs.empty() ? nullptr : vfs.c_str());
    if (rc != SQLITE_OK) {
        // sqlite3_open_v2 may hand back a handle even on failure; it carries the message.
        Error error = db.db_ ? db.error(rc, "open")
                             : Error{error_code_for(rc), file + ": open: " + sqlite3_errstr(rc)};
        return error;
    }
    // Extended codes tell a full disk from a failed fsync in messages.
    sqlite3_extended_result_codes(db.db_, 1);
    return db;
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      file_(std::move(other.file_)),
      idle_statements_(std::move(other.idle_statements_)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        close();
        db_ = std::exchange(other.db_, nullptr);
        file_ = std::move(other.file_);
        idle_statements_ = std::move(other.idle_statements_);
    }
    return *this;
}

Database::~Database() { close(); }

void Database::close() {
    for (auto& [sql, statements] : idle_statements_)
        for (sqlite3_stmt* stmt : statements) sqlite3_finalize(stmt);
    idle_statements_.clear();
    if (db_) sqlite3_close_v2(db_);
    db_ = nullptr;
}

Status Database::exec(std::string_view sql) {
    const std::string text(sql);
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) return error(rc, text);
    return {};
}

Error Database::error(int sqlite_code, std::string_view what) const {
    std::string message = file_ + ": " + std::string(what) + ": ";
    // The connection's message describes its most recent failure, which is this one.
    message += db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(sqlite_code);
    message += " (SQLite code " + std::to_string(sqlite_code) + ")";
    return {error_code_for(sqlite_code), std::move(message)};
}

std::string Database::last_message() const {
    return db_ ? sqlite3_errmsg(db_) : "no connection";
}

// --- Statement --------------------------------------------------------------------------------

Result<Statement> Statement::prepare(const Database& db, std::string_view sql) {
    if (const auto idle = db.idle_statements_.find(sql); idle != db.idle_statements_.end() && !idle->second.empty()) {
        sqlite3_stmt* stmt = idle->second.back();
        idle->second.pop_back();
        return Statement(db, stmt, sql);
    }
    // The store writes parameters as $1, $2, ... for both dialects; SQLite's ?1, ?2, ... bind
    // by the same numbers ($1 would be a named parameter, numbered by first appearance).
    std::string text(sql);
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
        if (text[i] == '$' && text[i + 1] >= '0' && text[i + 1] <= '9') text[i] = '?';
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v2(db.get(), text.data(), static_cast<int>(text.size()), &stmt,
                                      nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return db.error(rc, "prepare " + std::string(sql));
    }
    return Statement(db, stmt, sql);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_),
      stmt_(std::exchange(other.stmt_, nullptr)),
      sql_(std::move(other.sql_)),
      bind_error_(other.bind_error_) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        release();
        db_ = other.db_;
        stmt_ = std::exchange(other.stmt_, nullptr);
        sql_ = std::move(other.sql_);
        bind_error_ = other.bind_error_;
    }
    return *this;
}

Statement::~Statement() { release(); }

void Statement::release() {
    if (!stmt_) return;
    // Back to the connection's idle statements, reset and unbound, for the next prepare.
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    db_->idle_statements_[sql_].push_back(stmt_);
    stmt_ = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
    const int rc = sqlite3_bind_int64(stmt_, index, value);
    if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    // SQLITE_TRANSIENT: SQLite copies the text, so callers may pass temporaries.
    const int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                       SQLITE_UTF8);
    if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
    return *this;
}

Statement& Statement::bind_optional(int index, const std::optional<std::string>& text) {
    return text ? bind(index, std::string_view(*text)) : bind_null(index);
}

Statement& Statement::bind_null(int index) {
    const int rc = sqlite3_bind_null(stmt_, index);
    if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
    return *this;
}

Result<bool> Statement::step() {
    if (bind_error_ != SQLITE_OK) return db_->error(bind_error_, "bind");
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return db_->error(rc, sqlite3_sql(stmt_));
}

Status Statement::run() {
    auto stepped = step();
    if (!stepped) return stepped.status();
    return {};
}

std::int64_t Statement::column_int64(int column) const {
    return sqlite3_column_int64(stmt_, column);
}

std::string Statement::column_text(int column) const {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    const int size = sqlite3_column_bytes(stmt_, column);
    return text ? std::string(text, static_cast<std::size_t>(size)) : std::string();
}

bool Statement::column_is_null(int column) const {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

}  // namespace carc::storage::sqlite
