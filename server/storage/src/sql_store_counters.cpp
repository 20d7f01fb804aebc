// SqlStore: the store's counters (counters_schema.hpp). A room number is taken by one write
// transaction, so on PostgreSQL two nodes taking one at once wait for each other on the row.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

Result<std::uint64_t> SqlStore::take_room_number(std::uint64_t at_least) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    const auto floor = static_cast<std::int64_t>(at_least);
    if (auto moved = db().run("UPDATE id_counters SET next_value = CASE WHEN next_value > $1 THEN next_value ELSE $1 END + 1"
                              " WHERE name = 'room'",
                              {floor});
        !moved)
        return moved.error();
    std::int64_t next = 0;
    auto read = db().for_each_row("SELECT next_value FROM id_counters WHERE name = 'room'", {},
                                  [&](const Statement& row) -> Status {
                                      next = row.int64(0);
                                      return {};
                                  });
    if (!read) return read.error();
    if (next < 2) return Error{ErrorCode::internal, "the store has no room counter"};
    if (auto committed = tx->commit(); !committed) return committed.error();
    return static_cast<std::uint64_t>(next - 1);
}

}  // namespace carc::storage
