// SqlStore: Web Push's share of the notices' store (notice_store.hpp): the server's keys and
// browsers' push subscriptions. Every query is written once for both databases.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

namespace {

constexpr const char* subscription_columns =
    "SELECT id, person_id, session_id, endpoint, p256dh, auth, created_at_ms FROM push_subscriptions ";

PushSubscription subscription_from_row(const Statement& row) {
    return PushSubscription{.id = row.int64(0),
                            .person_id = row.text(1),
                            .session_id = row.text(2),
                            .endpoint = row.text(3),
                            .p256dh = row.text(4),
                            .auth = row.text(5),
                            .created_at_ms = row.int64(6)};
}

}  // namespace

Result<std::string> SqlStore::server_key(std::string_view name, std::string_view candidate) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    if (auto made = db().run("INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                             {name, candidate});
        !made)
        return made.error();
    std::string value;
    auto read = db().for_each_row("SELECT value FROM server_keys WHERE name = $1", {name},
                                  [&](const Statement& row) -> Status {
                                      value = row.text(0);
                                      return {};
                                  });
    if (!read) return read.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return value;
}

Result<std::int64_t> SqlStore::save_push_subscription(const PushSubscription& s) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::int64_t id = 0;
    auto saved = db().for_each_row(
        "INSERT INTO push_subscriptions (person_id, session_id, endpoint, p256dh, auth, created_at_ms)"
        " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (endpoint) DO UPDATE SET person_id = excluded.person_id,"
        " session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,"
        " created_at_ms = excluded.created_at_ms RETURNING id",
        {s.person_id, s.session_id, s.endpoint, s.p256dh, s.auth, s.created_at_ms},
        [&](const Statement& row) -> Status {
            id = row.int64(0);
            return {};
        });
    if (!saved) return saved.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return id;
}

Result<std::vector<PushSubscription>> SqlStore::push_subscriptions_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    std::vector<PushSubscription> found;
    auto read = db().for_each_row(std::string(subscription_columns) + "WHERE person_id = $1 ORDER BY id", {person_id},
                                  [&](const Statement& row) -> Status {
                                      found.push_back(subscription_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return found;
}

Result<std::optional<PushSubscription>> SqlStore::push_subscription(std::int64_t id) {
    std::lock_guard lock(mutex_);
    std::optional<PushSubscription> found;
    auto read = db().for_each_row(std::string(subscription_columns) + "WHERE id = $1", {id},
                                  [&](const Statement& row) -> Status {
                                      found = subscription_from_row(row);
                                      return {};
                                  });
    if (!read) return read.error();
    return found;
}

Result<bool> SqlStore::remove_push_subscription(std::int64_t id, std::string_view person_id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    auto removed = person_id.empty()
                       ? db().run_counting("DELETE FROM push_subscriptions WHERE id = $1", {id})
                       : db().run_counting("DELETE FROM push_subscriptions WHERE id = $1 AND person_id = $2",
                                           {id, person_id});
    if (!removed) return removed.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return *removed > 0;
}

}  // namespace carc::storage
