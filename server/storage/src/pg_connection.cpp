#include "pg_connection.hpp"

#include <algorithm>
#include <charconv>

namespace carc::storage::pg {
namespace {

// SQLSTATE classes: https://www.postgresql.org/docs/current/errcodes-appendix.html
ErrorCode code_for(const char* sqlstate) {
    const std::string_view state = sqlstate ? sqlstate : "";
    if (state == "23505") return ErrorCode::already_exists;          // unique_violation
    if (state == "55P03") return ErrorCode::locked;                  // lock_not_available (NOWAIT, lock_timeout)
    if (state == "23503") return ErrorCode::not_found;               // foreign_key_violation
    if (state.starts_with("22") || state.starts_with("23")) return ErrorCode::invalid_argument;
    // Connection exceptions, operator intervention (shutdown), insufficient resources, I/O.
    if (state.empty() || state.starts_with("08") || state.starts_with("57") ||
        state.starts_with("53") || state.starts_with("58"))
        return ErrorCode::io_error;
    return ErrorCode::internal;
}

std::string trimmed(const char* message) {
    std::string text = message ? message : "";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

}  // namespace

Error error_of(PGconn* conn, const PGresult* result) {
    const char* sqlstate = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    Error error{code_for(sqlstate), trimmed(result ? PQresultErrorMessage(result) : PQerrorMessage(conn))};
    if (error.message.empty()) error.message = trimmed(PQerrorMessage(conn));
    if (PQstatus(conn) != CONNECTION_OK) error.code = ErrorCode::io_error;
    return error;
}

std::int64_t Rows::int64(int row, int column) const {
    const char* value = PQgetvalue(result_.get(), row, column);
    std::int64_t out = 0;
    std::from_chars(value, value + PQgetlength(result_.get(), row, column), out);
    return out;
}

std::int64_t Rows::affected() const {
    const char* tuples = PQcmdTuples(result_.get());
    std::int64_t out = 0;
    std::from_chars(tuples, tuples + std::char_traits<char>::length(tuples), out);
    return out;
}

std::string quote_identifier(std::string_view name) {
    std::string quoted = "\"";
    for (char c : name) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

Result<Connection> Connection::open(const std::string& url, const std::string& schema, Limits limits) {
    // expand_dbname: `url` may be a URI or a connection string. The keepalives come before it,
    // so the URL may set its own; a short connect timeout keeps a node responsive (failing
    // writes fast) while PostgreSQL is down. libpq ignores keepalives on a Unix socket.
    const auto seconds = [](std::chrono::milliseconds ms) { return std::to_string(std::max<long long>(1, ms.count() / 1000)); };
    const std::string dead_peer = std::to_string(limits.dead_peer.count());
    const std::string idle = seconds(limits.dead_peer / 3);
    std::vector<const char*> keywords, values;
    const auto add = [&](const char* keyword, const char* value) {
        keywords.push_back(keyword);
        values.push_back(value);
    };
    if (limits.dead_peer.count() > 0) {
        // Probes after a third of the bound, then every second; tcp_user_timeout gives up on
        // data the server does not acknowledge.
        add("keepalives", "1");
        add("keepalives_idle", idle.c_str());
        add("keepalives_interval", "1");
        add("keepalives_count", "3");
        add("tcp_user_timeout", dead_peer.c_str());
    }
    add("dbname", url.c_str());
    add("connect_timeout", "3");
    add("application_name", "carc-server");
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    PGconn* raw = PQconnectdbParams(keywords.data(), values.data(), 1);
    Connection conn(raw, schema, limits);
    if (!raw || PQstatus(raw) != CONNECTION_OK) {
        return Error{ErrorCode::io_error, "cannot connect to PostgreSQL: " +
                                              trimmed(raw ? PQerrorMessage(raw) : "out of memory")};
    }
    // NOTICEs ("schema already exists, skipping") are not for the server's log.
    PQsetNoticeProcessor(raw, [](void*, const char*) {}, nullptr);
    if (auto set_up = conn.set_up_session(); !set_up) return set_up.error();
    return conn;
}

Status Connection::set_up_session() {
    const auto set = [this](const char* name, std::chrono::milliseconds value) -> Status {
        if (value.count() <= 0) return {};
        return run(std::string("SET ") + name + " = " + std::to_string(value.count()));
    };
    if (auto s = set("lock_timeout", limits_.lock_timeout); !s) return s;
    if (auto s = set("statement_timeout", limits_.statement_timeout); !s) return s;
    if (auto s = set("idle_in_transaction_session_timeout", limits_.idle_in_transaction); !s) return s;
    if (schema_.empty()) return {};
    const std::string quoted = quote_identifier(schema_);
    if (auto created = run("CREATE SCHEMA IF NOT EXISTS " + quoted); !created) {
        // Two nodes creating it at once: one loses the race on the catalog; it exists now.
        if (created.code() != ErrorCode::already_exists) return created;
    }
    return run("SET search_path TO " + quoted);
}

Status Connection::reconnect_if_broken() {
    if (PQstatus(conn_.get()) == CONNECTION_OK) return {};
    PQreset(conn_.get());
    if (PQstatus(conn_.get()) != CONNECTION_OK) {
        return {ErrorCode::io_error, "PostgreSQL unreachable: " + trimmed(PQerrorMessage(conn_.get()))};
    }
    return set_up_session();
}

bool Connection::in_transaction() const {
    return PQtransactionStatus(conn_.get()) != PQTRANS_IDLE;
}

Result<Rows> Connection::query(std::string_view sql, const std::vector<Param>& params) {
    // Reset only between transactions: a broken connection inside one already lost it.
    if (!in_transaction() || PQstatus(conn_.get()) != CONNECTION_OK) {
        if (auto connected = reconnect_if_broken(); !connected) return connected.error();
    }
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
    const std::string statement(sql);
    ++round_trips_;
    PGresult* result = PQexecParams(conn_.get(), statement.c_str(), static_cast<int>(values.size()),
                                    nullptr, values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return Rows(result);
    Error error = error_of(conn_.get(), result);
    PQclear(result);
    return error;
}

Status Connection::run_script(std::string_view sql) {
    const std::string script(sql);
    ++round_trips_;
    PGresult* result = PQexec(conn_.get(), script.c_str());
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    Status outcome;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        const char* sqlstate = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
        outcome = Error{code_for(sqlstate), trimmed(PQerrorMessage(conn_.get()))};
    }
    PQclear(result);
    return outcome;
}

Status Connection::run(std::string_view sql, const std::vector<Param>& params) {
    auto rows = query(sql, params);
    return rows.status();
}

}  // namespace carc::storage::pg
