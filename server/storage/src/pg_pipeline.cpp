// pg::Connection::pipeline: many statements in one round trip (libpq's pipeline mode). The
// statements are queued, one Sync ends them, and the answers are read in order; PostgreSQL
// skips every statement after a failed one up to the Sync.
#include <poll.h>

#include "pg_connection.hpp"

namespace carc::storage::pg {
namespace {

Status lost(PGconn* conn) {
    return {ErrorCode::io_error, "connection lost in a pipeline: " + std::string(PQerrorMessage(conn))};
}

// Reads what waits on an idle connection's socket without blocking: a server that ended the
// session (a restart) left its goodbye and then EOF there, which marks the connection broken.
void read_waiting_input(PGconn* conn) {
    for (int reads = 0; reads < 8 && PQstatus(conn) == CONNECTION_OK; ++reads) {
        pollfd waiting{PQsocket(conn), POLLIN, 0};
        if (poll(&waiting, 1, 0) <= 0) return;  // nothing waiting: the connection looks alive
        if (PQconsumeInput(conn) == 0) return;  // closed: PQstatus says so now
    }
}

}  // namespace

PipelineOutcome Connection::pipeline(const std::vector<PipelinedStatement>& statements) {
    PipelineOutcome outcome;
    PGconn* conn = conn_.get();
    // A server that ended the session while it was idle (a restart) left its goodbye and EOF
    // on the socket: read them now, so that a dead connection is reset before anything is sent
    // rather than found dead with the statements in flight (whose outcome would be unknown).
    if (!in_transaction()) read_waiting_input(conn);
    // (A broken connection reports no transaction status: it counts as in one.)
    if (!in_transaction() || PQstatus(conn) != CONNECTION_OK) {
        if (auto connected = reconnect_if_broken(); !connected) {
            outcome.error = connected;
            outcome.sent = false;
            return outcome;
        }
    }
    ++round_trips_;
    if (PQenterPipelineMode(conn) != 1) {
        outcome.error = error_of(conn, nullptr);
        outcome.sent = false;
        return outcome;
    }
    bool queued = true;
    std::vector<const char*> values;
    for (const PipelinedStatement& statement : statements) {
        values.clear();
        for (const Param& p : statement.params) values.push_back(p ? p->c_str() : nullptr);
        if (PQsendQueryParams(conn, statement.sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                              nullptr, nullptr, 0) != 1) {
            queued = false;
            break;
        }
    }
    if (queued && PQpipelineSync(conn) != 1) queued = false;
    if (!queued) {
        // Part of it may have gone out: only a reset brings the connection back to a known state.
        outcome.error = lost(conn);
        PQreset(conn);
        if (PQstatus(conn) == CONNECTION_OK) (void)set_up_session();
        return outcome;
    }
    // Each statement's answer is a result, then a null; the Sync's answer comes last.
    std::size_t ended = 0;
    for (;;) {
        PGresult* result = PQgetResult(conn);
        if (!result) {
            if (PQstatus(conn) != CONNECTION_OK || ++ended > statements.size()) {
                if (outcome.error.ok()) outcome.error = lost(conn);
                break;
            }
            continue;
        }
        const ExecStatusType status = PQresultStatus(result);
        if (status == PGRES_PIPELINE_SYNC) {
            PQclear(result);
            break;
        }
        if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
            if (outcome.error.ok()) outcome.answers.emplace_back(result);
            else PQclear(result);
            continue;
        }
        if (status != PGRES_PIPELINE_ABORTED && outcome.error.ok()) {
            outcome.error = error_of(conn, result);
            outcome.refused = PQstatus(conn) == CONNECTION_OK;
        }
        PQclear(result);
        if (PQstatus(conn) != CONNECTION_OK) break;
    }
    if (PQexitPipelineMode(conn) != 1 && PQstatus(conn) == CONNECTION_OK) {
        // Answers left unread (not expected): start again from a clean session.
        if (outcome.error.ok()) outcome.error = lost(conn);
        outcome.refused = false;
        PQreset(conn);
        if (PQstatus(conn) == CONNECTION_OK) (void)set_up_session();
    }
    return outcome;
}

}  // namespace carc::storage::pg
