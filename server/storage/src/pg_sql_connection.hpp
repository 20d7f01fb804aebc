#pragma once
// sql::Connection over libpq (pg_connection.hpp): the $n parameters are PostgreSQL's own, sent
// as text; a statement runs when first stepped and its rows come back at once.

#include "pg_connection.hpp"
#include "sql_connection.hpp"

namespace carc::storage::pg {

class SqlConnection final : public sql::Connection {
public:
    explicit SqlConnection(pg::Connection conn) : conn_(std::move(conn)) {}

    Result<std::unique_ptr<sql::Statement>> prepare(std::string_view sql) override;
    Status begin(sql::TransactionKind kind) override;
    Status commit() override;
    void rollback() override;

    pg::Connection& raw() { return conn_; }

private:
    pg::Connection conn_;
};

}  // namespace carc::storage::pg
