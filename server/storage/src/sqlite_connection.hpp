#pragma once
// sql::Connection over SQLite (sqlite_handle.hpp): statements prepared once and kept by the
// connection, $n read as ?n, BEGIN IMMEDIATE for writes.

#include "sql_connection.hpp"
#include "sqlite_handle.hpp"

namespace carc::storage::sqlite {

class Connection final : public sql::Connection {
public:
    explicit Connection(Database db) : db_(std::move(db)) {}

    Result<std::unique_ptr<sql::Statement>> prepare(std::string_view sql) override;
    Status begin(sql::TransactionKind kind) override;
    Status commit() override;
    void rollback() override;

    Database& database() { return db_; }

private:
    Database db_;
};

}  // namespace carc::storage::sqlite
