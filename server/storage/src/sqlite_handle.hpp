#pragma once
// RAII wrappers for the SQLite C API: a connection and a prepared statement. They only own
// handles and translate result codes; no SQL policy lives here (sqlite_connection.hpp wraps them
// for the store).

#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/result.hpp"

namespace carc::storage::sqlite {

// The storage error code for a SQLite result code.
ErrorCode error_code_for(int sqlite_code);

class Database {
public:
    Database() = default;
    // Opens `file` with sqlite3_open_v2 flags; `vfs` empty for the default VFS.
    static Result<Database> open(const std::string& file, int flags, const std::string& vfs);

    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    sqlite3* get() const { return db_; }
    const std::string& file() const { return file_; }

    // Runs SQL without results (several statements allowed).
    Status exec(std::string_view sql);
    // An Error for a failed call: "<file>: <what>: <sqlite message>".
    Error error(int sqlite_code, std::string_view what) const;
    // SQLite's message for the connection's most recent failure.
    std::string last_message() const;

private:
    friend class Statement;
    void close();
    sqlite3* db_ = nullptr;
    std::string file_;
    // Prepared statements not in use, by SQL text: the journal runs the same few statements
    // for every action, so preparing each once saves parsing on the hot path.
    mutable std::map<std::string, std::vector<sqlite3_stmt*>, std::less<>> idle_statements_;
};

class Statement {
public:
    static Result<Statement> prepare(const Database& db, std::string_view sql);

    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    // Parameters are 1-based, as in SQLite. A failed bind is reported by the next step().
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, std::int64_t{value}); }
    Statement& bind(int index, std::string_view text);
    Statement& bind_optional(int index, const std::optional<std::string>& text);  // NULL for nullopt
    Statement& bind_null(int index);

    // True when a row is available, false when done; an Error otherwise.
    Result<bool> step();
    // Steps a statement that returns no row.
    Status run();

    // Columns are 0-based, as in SQLite.
    std::int64_t column_int64(int column) const;
    std::string column_text(int column) const;
    bool column_is_null(int column) const;

private:
    Statement(const Database& db, sqlite3_stmt* stmt, std::string_view sql) : db_(&db), stmt_(stmt), sql_(sql) {}
    void release();
    const Database* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
    std::string sql_;  // the text it was prepared from: its key among the idle statements
    int bind_error_ = SQLITE_OK;
};

}  // namespace carc::storage::sqlite
