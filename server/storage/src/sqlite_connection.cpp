#include "sqlite_connection.hpp"

#include <variant>

namespace carc::storage::sqlite {
namespace {

class BoundStatement final : public sql::Statement {
public:
    BoundStatement(const Database& db, sqlite::Statement stmt) : db_(&db), stmt_(std::move(stmt)) {}

    void bind(int index, const sql::Param& value) override {
        if (const auto* number = std::get_if<std::int64_t>(&value)) {
            stmt_.bind(index, *number);
        } else if (const auto* text = std::get_if<std::string_view>(&value)) {
            stmt_.bind(index, *text);
        } else {
            stmt_.bind_null(index);
        }
    }
    Result<bool> step() override { return stmt_.step(); }
    std::int64_t int64(int column) const override { return stmt_.column_int64(column); }
    std::string text(int column) const override { return stmt_.column_text(column); }
    bool is_null(int column) const override { return stmt_.column_is_null(column); }
    std::int64_t changes() const override { return sqlite3_changes64(db_->get()); }

private:
    const Database* db_;
    sqlite::Statement stmt_;
};

Status run_cached(const Database& db, const char* sql) {
    // Prepared once and kept by the connection: a transaction per journal commit.
    auto stmt = sqlite::Statement::prepare(db, sql);
    if (!stmt) return stmt.status();
    return stmt->run();
}

}  // namespace

Result<std::unique_ptr<sql::Statement>> Connection::prepare(std::string_view sql) {
    auto stmt = sqlite::Statement::prepare(db_, sql);
    if (!stmt) return stmt.error();
    return std::unique_ptr<sql::Statement>(std::make_unique<BoundStatement>(db_, std::move(stmt).value()));
}

Status Connection::begin(sql::TransactionKind kind) {
    // IMMEDIATE takes the write lock now, so a conflict shows up here and not at COMMIT.
    return run_cached(db_, kind == sql::TransactionKind::write ? "BEGIN IMMEDIATE" : "BEGIN");
}

Status Connection::commit() { return run_cached(db_, "COMMIT"); }

void Connection::rollback() {
    // Nothing to do if it fails: SQLite rolls back on its own after I/O errors.
    if (!sqlite3_get_autocommit(db_.get())) (void)db_.exec("ROLLBACK");
}

}  // namespace carc::storage::sqlite
