#include "sql_connection.hpp"

#include <utility>

namespace carc::storage::sql {

Result<std::unique_ptr<Statement>> Connection::query(std::string_view sql, std::initializer_list<Param> params) {
    auto stmt = prepare(sql);
    if (!stmt) return stmt.error();
    int index = 1;
    for (const Param& param : params) (*stmt)->bind(index++, param);
    return stmt;
}

Status Connection::run(std::string_view sql, std::initializer_list<Param> params) {
    return run_counting(sql, params).status();
}

Result<std::int64_t> Connection::run_counting(std::string_view sql, std::initializer_list<Param> params) {
    auto stmt = query(sql, params);
    if (!stmt) return stmt.error();
    if (auto ran = (*stmt)->step(); !ran) return ran.error();
    return (*stmt)->changes();
}

Result<Transaction> Transaction::begin(Connection& db, TransactionKind kind) {
    if (auto begun = db.begin(kind); !begun) return begun.error();
    return Transaction(db);
}

Transaction::Transaction(Transaction&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

Transaction::~Transaction() {
    if (db_) db_->rollback();
}

Status Transaction::commit() {
    if (!db_) return {ErrorCode::internal, "commit without a transaction"};
    Status committed = db_->commit();
    // A failed COMMIT may leave the transaction open; the destructor's rollback ends it.
    if (committed || committed.code() == ErrorCode::outcome_unknown) db_ = nullptr;
    return committed;
}

}  // namespace carc::storage::sql
