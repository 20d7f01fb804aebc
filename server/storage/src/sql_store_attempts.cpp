// SqlStore: sign-in and sign-up attempts counted per key for every node (store.hpp,
// AccountStore). Every query is written once for both databases.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

namespace {

// Both databases' substr() counts characters, not bytes.
std::int64_t code_points(std::string_view text) {
    std::int64_t count = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
    return count;
}

}  // namespace

Result<std::optional<TimeMs>> SqlStore::attempt_wait(std::string_view key, int limit, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    std::int64_t counted = 0;
    TimeMs oldest_expiry = 0;
    auto read = db().for_each_row(
        "SELECT COUNT(*), COALESCE(MIN(expires_ms), 0) FROM counted_attempts WHERE counted_key = $1 AND expires_ms > $2",
        {key, now_ms}, [&](const Statement& row) -> Status {
            counted = row.int64(0);
            oldest_expiry = row.int64(1);
            return {};
        });
    if (!read) return read.error();
    if (counted < limit) return std::optional<TimeMs>{};
    return std::optional<TimeMs>{oldest_expiry - now_ms};
}

Status SqlStore::count_attempt(std::string_view key, TimeMs now_ms, TimeMs expires_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto swept = db().run("DELETE FROM counted_attempts WHERE expires_ms <= $1", {now_ms}); !swept) return swept;
    if (auto added = db().run("INSERT INTO counted_attempts (counted_key, expires_ms) VALUES ($1, $2)", {key, expires_ms});
        !added)
        return added;
    return tx->commit();
}

Status SqlStore::forget_attempts(std::string_view prefix) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto forgotten = db().run("DELETE FROM counted_attempts WHERE substr(counted_key, 1, $2) = $1",
                                  {prefix, code_points(prefix)});
        !forgotten)
        return forgotten;
    return tx->commit();
}

}  // namespace carc::storage
