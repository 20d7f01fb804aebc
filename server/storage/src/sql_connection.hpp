#pragma once
// The connection the store's logic talks to (sql_store.hpp): every query is written once, as SQL
// with positional parameters $1, $2, ... that the dialect translates (SQLite reads them as ?1,
// ?2, ...), prepared, bound, then stepped row by row; and transactions. SQLite
// (sqlite_connection.cpp) and PostgreSQL (pg_sql_connection.cpp) implement it. What only one
// database has (SQLite's WAL checkpoints, PostgreSQL's leases and LISTEN/NOTIFY) stays in its
// backend. Not thread-safe: the store guards its connection with a mutex.

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "carc/storage/result.hpp"

namespace carc::storage::sql {

// A parameter: NULL, an integer or a text (copied when bound). A uint64 (a seed, a state hash)
// is stored bit-cast to int64.
using Param = std::variant<std::monostate, std::int64_t, std::string_view>;
inline constexpr std::monostate null{};
inline Param optional_text(const std::optional<std::string>& text) {
    return text ? Param(std::string_view(*text)) : Param(null);
}

// A prepared statement: bind its parameters, then step() runs it and moves through its rows.
class Statement {
public:
    virtual ~Statement() = default;
    // Parameter $n has index n (1-based). A failed bind is reported by step().
    virtual void bind(int index, const Param& value) = 0;
    // Runs the statement (first call) or moves to its next row: true while a row is there.
    virtual Result<bool> step() = 0;
    // The current row's columns, 0-based. A boolean reads as 1 or 0 in both dialects.
    virtual std::int64_t int64(int column) const = 0;
    virtual std::string text(int column) const = 0;
    virtual bool is_null(int column) const = 0;
    // Rows an INSERT, UPDATE or DELETE changed, once stepped.
    virtual std::int64_t changes() const = 0;
};

enum class TransactionKind {
    write,  // SQLite: BEGIN IMMEDIATE (the write lock at once); PostgreSQL: BEGIN
    read,   // one consistent snapshot for several reads; always rolled back
};

class Connection {
public:
    virtual ~Connection() = default;
    virtual Result<std::unique_ptr<Statement>> prepare(std::string_view sql) = 0;
    virtual Status begin(TransactionKind kind) = 0;
    // io_error and the like: nothing was committed (the transaction is still to be rolled
    // back). outcome_unknown (PostgreSQL): the connection broke during COMMIT, which may have
    // committed everything.
    virtual Status commit() = 0;
    // Ends the open transaction, if any, without keeping its writes.
    virtual void rollback() = 0;

    // Prepares `sql` and binds `params` as $1, $2, ...; step() runs it.
    Result<std::unique_ptr<Statement>> query(std::string_view sql, std::initializer_list<Param> params = {});
    // Runs a statement that returns no row.
    Status run(std::string_view sql, std::initializer_list<Param> params = {});
    // Runs a statement that returns no row; the number of rows it changed.
    Result<std::int64_t> run_counting(std::string_view sql, std::initializer_list<Param> params = {});
    // Runs a query and calls on_row(const Statement&) -> Status for each row; the first
    // failure, the query's or on_row's, ends it.
    template <typename OnRow>
    Status for_each_row(std::string_view sql, std::initializer_list<Param> params, OnRow on_row);
};

template <typename OnRow>
Status Connection::for_each_row(std::string_view sql, std::initializer_list<Param> params, OnRow on_row) {
    auto stmt = query(sql, params);
    if (!stmt) return stmt.status();
    for (;;) {
        auto more = (*stmt)->step();
        if (!more) return more.status();
        if (!*more) return {};
        if (Status used = on_row(static_cast<const Statement&>(**stmt)); !used) return used;
    }
}

// A transaction that rolls back when it goes out of scope uncommitted, so every early error
// return leaves the database as it was.
class Transaction {
public:
    static Result<Transaction> begin(Connection& db, TransactionKind kind);
    Transaction(Transaction&& other) noexcept;
    Transaction& operator=(Transaction&&) = delete;
    ~Transaction();
    Status commit();

private:
    explicit Transaction(Connection& db) : db_(&db) {}
    Connection* db_;
};

}  // namespace carc::storage::sql
