#pragma once
// A thin libpq wrapper for PostgresStore: one connection, text parameters, results as rows of
// text, errors mapped to storage ErrorCodes. Not thread-safe; the store guards it with a mutex.

#include <libpq-fe.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carc/storage/result.hpp"

namespace carc::storage::pg {

// One query parameter in text form; nullopt is SQL NULL.
using Param = std::optional<std::string>;
inline Param text(std::string_view value) { return std::string(value); }
inline Param number(std::int64_t value) { return std::to_string(value); }

// The rows of a successful query.
class Rows {
public:
    explicit Rows(PGresult* result) : result_(result, &PQclear) {}
    int size() const { return PQntuples(result_.get()); }
    bool is_null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
    std::string text(int row, int column) const { return PQgetvalue(result_.get(), row, column); }
    std::int64_t int64(int row, int column) const;
    // Rows changed by an INSERT/UPDATE/DELETE.
    std::int64_t affected() const;
    // The command tag, e.g. "COMMIT" or "ROLLBACK".
    std::string command_tag() const { return PQcmdStatus(result_.get()); }

private:
    std::unique_ptr<PGresult, decltype(&PQclear)> result_;
};

// One statement of a pipeline (Connection::pipeline).
struct PipelinedStatement {
    std::string sql;
    std::vector<Param> params;
};

// What came back from a pipeline: the statements answered in order, and why it stopped early.
struct PipelineOutcome {
    std::vector<Rows> answers;  // one per statement answered without error, in order
    Status error;               // ok when every statement was answered
    // Nothing was sent: the connection was found broken and could not be made again.
    bool sent = true;
    // PostgreSQL answered `error` to statement answers.size() and skipped the rest (an open
    // transaction is aborted). Sent, with an error, and not refused: the connection broke, and
    // which of the statements ran is unknown.
    bool refused = false;
};

// Bounds on every wait of a connection, so that no thread waits on PostgreSQL without end
// (docs/scaling.md, "Bounded waits"); 0 leaves PostgreSQL's or the system's default.
struct Limits {
    std::chrono::milliseconds lock_timeout{0};       // a statement waiting for a row lock
    std::chrono::milliseconds statement_timeout{0};  // a statement running
    // A transaction left open without a statement (its client paused or cut off): PostgreSQL
    // ends the session, and with it the transaction's locks.
    std::chrono::milliseconds idle_in_transaction{0};
    // A server that stops answering over TCP (TCP keepalives and tcp_user_timeout).
    std::chrono::milliseconds dead_peer{0};
};

class Connection {
public:
    // Connects to `url` (a libpq URI or key=value string) and, when `schema` is not empty, makes
    // it the search path (creating it when missing); `limits` hold for the session's life.
    static Result<Connection> open(const std::string& url, const std::string& schema, Limits limits = {});

    // Runs one statement. When the connection is found broken it is reset first (PostgreSQL
    // restarted); a query that fails because the connection broke is an io_error.
    Result<Rows> query(std::string_view sql, const std::vector<Param>& params = {});
    Status run(std::string_view sql, const std::vector<Param>& params = {});
    // Sends every statement at once with one Sync (libpq's pipeline mode) and reads every
    // answer: one round trip. PostgreSQL stops at the first error and skips the rest.
    PipelineOutcome pipeline(const std::vector<PipelinedStatement>& statements);
    // Several statements without parameters (migrations).
    Status run_script(std::string_view sql);
    // Bounds the session from now on (after a migration, which may wait for another node's).
    Status limit(Limits limits) {
        limits_ = limits;
        return set_up_session();
    }

    PGconn* get() const { return conn_.get(); }
    // Tests only: the next COMMIT commits but reports outcome_unknown (its answer "lost").
    void lose_next_commit_answer() { lose_next_commit_answer_ = true; }
    bool take_lost_commit_answer() { return std::exchange(lose_next_commit_answer_, false); }
    // Whether a transaction is open (or aborted) on the connection.
    bool in_transaction() const;
    // Times statements were sent and their answers awaited (a query, a script, a pipeline).
    std::int64_t round_trips() const { return round_trips_; }

private:
    Connection(PGconn* conn, std::string schema, Limits limits)
        : conn_(conn, &PQfinish), schema_(std::move(schema)), limits_(limits) {}
    Status reconnect_if_broken();
    // The session's settings: the limits and the search path (again after a reset).
    Status set_up_session();

    std::unique_ptr<PGconn, decltype(&PQfinish)> conn_;
    std::string schema_;
    Limits limits_;
    bool lose_next_commit_answer_ = false;
    std::int64_t round_trips_ = 0;
};

// The error a failed result stands for (a failed connection's, with result null).
Error error_of(PGconn* conn, const PGresult* result);

// Quotes an identifier (a schema name) for SQL text.
std::string quote_identifier(std::string_view name);

}  // namespace carc::storage::pg
