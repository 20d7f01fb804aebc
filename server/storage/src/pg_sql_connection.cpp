#include "pg_sql_connection.hpp"

#include <charconv>
#include <variant>

namespace carc::storage::pg {
namespace {

class TextStatement final : public sql::Statement {
public:
    TextStatement(pg::Connection& conn, std::string_view sql) : conn_(&conn), sql_(sql) {}

    void bind(int index, const sql::Param& value) override {
        if (params_.size() < static_cast<std::size_t>(index)) params_.resize(static_cast<std::size_t>(index));
        Param& param = params_[static_cast<std::size_t>(index - 1)];
        if (const auto* number = std::get_if<std::int64_t>(&value)) {
            param = std::to_string(*number);
        } else if (const auto* text = std::get_if<std::string_view>(&value)) {
            param = std::string(*text);
        } else {
            param.reset();
        }
    }

    Result<bool> step() override {
        if (!rows_) {
            auto rows = conn_->query(sql_, params_);
            if (!rows) return rows.error();
            rows_.emplace(std::move(rows).value());
            row_ = 0;
        } else {
            ++row_;
        }
        return row_ < rows_->size();
    }

    std::int64_t int64(int column) const override {
        const std::string value = rows_->text(row_, column);
        if (value == "t") return 1;  // a boolean
        if (value == "f") return 0;
        std::int64_t out = 0;
        std::from_chars(value.data(), value.data() + value.size(), out);
        return out;
    }
    std::string text(int column) const override { return rows_->text(row_, column); }
    bool is_null(int column) const override { return rows_->is_null(row_, column); }
    std::int64_t changes() const override { return rows_ ? rows_->affected() : 0; }

private:
    pg::Connection* conn_;
    std::string sql_;
    std::vector<Param> params_;
    std::optional<Rows> rows_;
    int row_ = 0;
};

}  // namespace

Result<std::unique_ptr<sql::Statement>> SqlConnection::prepare(std::string_view sql) {
    return std::unique_ptr<sql::Statement>(std::make_unique<TextStatement>(conn_, sql));
}

Status SqlConnection::begin(sql::TransactionKind kind) {
    // A read: one snapshot for the rooms and their details.
    return conn_.run(kind == sql::TransactionKind::write ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
}

Status SqlConnection::commit() {
    // Broken before COMMIT was sent: the transaction died with the connection (and query() would
    // send COMMIT on a fresh one, outside any transaction).
    if (PQstatus(conn_.get()) != CONNECTION_OK) return {ErrorCode::io_error, "connection lost before COMMIT"};
    // COMMIT of an aborted transaction answers ROLLBACK without an error: check the tag.
    auto done = conn_.query("COMMIT");
    if (!done) {
        if (PQstatus(conn_.get()) != CONNECTION_OK)
            return {ErrorCode::outcome_unknown, "connection lost during COMMIT: " + done.message()};
        return done.status();
    }
    if (done->command_tag() != "COMMIT") return {ErrorCode::internal, "the transaction was rolled back"};
    if (conn_.take_lost_commit_answer())
        return {ErrorCode::outcome_unknown, "test hook: the answer to a committed COMMIT was dropped"};
    return {};
}

void SqlConnection::rollback() {
    (void)conn_.take_lost_commit_answer();  // the test hook is for a COMMIT only
    // A broken connection took its transaction with it; the next query reconnects.
    if (PQstatus(conn_.get()) == CONNECTION_OK && conn_.in_transaction()) (void)conn_.run("ROLLBACK");
}

}  // namespace carc::storage::pg
