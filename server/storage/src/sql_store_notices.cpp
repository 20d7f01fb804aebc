// SqlStore: the queue of notices still to send and the tokens of links in mails
// (notice_store.hpp). Every query is written once for both databases.
#include "sql_store.hpp"

#include <algorithm>
#include <utility>

namespace carc::storage {

using sql::Statement;

namespace {

constexpr const char* notice_columns =
    "SELECT id, person_id, channel, kind, room_id, deadline_ms, created_at_ms, attempts, next_attempt_ms,"
    " subscription_id"
    " FROM notice_queue ";

QueuedNotice notice_from_row(const Statement& row) {
    return QueuedNotice{.id = row.int64(0),
                        .person_id = row.text(1),
                        .channel = row.text(2),
                        .kind = row.text(3),
                        .room_id = row.text(4),
                        .deadline_ms = row.int64(5),
                        .created_at_ms = row.int64(6),
                        .attempts = static_cast<int>(row.int64(7)),
                        .next_attempt_ms = row.int64(8),
                        .subscription_id = row.int64(9)};
}

}  // namespace

Result<std::int64_t> SqlStore::enqueue_notice(const QueuedNotice& n) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::int64_t id = 0;
    auto inserted = db().for_each_row(
        "INSERT INTO notice_queue (person_id, channel, kind, room_id, deadline_ms, created_at_ms, attempts,"
        " next_attempt_ms, subscription_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        {n.person_id, n.channel, n.kind, n.room_id, n.deadline_ms, n.created_at_ms,
         static_cast<std::int64_t>(n.attempts), n.next_attempt_ms, n.subscription_id},
        [&](const Statement& row) -> Status {
            id = row.int64(0);
            return {};
        });
    if (!inserted) return inserted.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return id;
}

Result<std::optional<QueuedNotice>> SqlStore::claim_due_notice(TimeMs now_ms, TimeMs claim_until_ms,
                                                               std::string_view channel) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::optional<QueuedNotice> due;
    auto read = db().for_each_row(std::string(notice_columns) +
                                      "WHERE channel = $2 AND next_attempt_ms <= $1 ORDER BY next_attempt_ms, id LIMIT 1",
                                  {now_ms, channel}, [&](const Statement& row) -> Status {
                                      due = notice_from_row(row);
                                      return {};
                                  });
    if (!read) return read.error();
    if (!due) return std::optional<QueuedNotice>{};
    // Compare-and-set on the due time: of two nodes claiming the same row, one changes it.
    auto claimed = db().run_counting("UPDATE notice_queue SET next_attempt_ms = $1 WHERE id = $2 AND next_attempt_ms = $3",
                                     {claim_until_ms, due->id, due->next_attempt_ms});
    if (!claimed) return claimed.error();
    if (*claimed == 0) return std::optional<QueuedNotice>{};
    if (auto committed = tx->commit(); !committed) return committed.error();
    return due;
}

Result<std::vector<QueuedNotice>> SqlStore::claim_turn_notices(std::string_view person_id, std::string_view channel,
                                                               TimeMs due_by_ms, TimeMs claim_until_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::vector<QueuedNotice> found;
    auto read = db().for_each_row(
        std::string(notice_columns) +
            "WHERE person_id = $1 AND channel = $2 AND kind IN ('your_turn', 'time_running_out')"
            " AND next_attempt_ms <= $3 ORDER BY id",
        {person_id, channel, due_by_ms}, [&](const Statement& row) -> Status {
            found.push_back(notice_from_row(row));
            return {};
        });
    if (!read) return read.error();
    std::vector<QueuedNotice> claimed;
    for (auto& notice : found) {
        // Compare-and-set, as claim_due_notice: a row another node took meanwhile stays its.
        auto taken = db().run_counting(
            "UPDATE notice_queue SET next_attempt_ms = $1 WHERE id = $2 AND next_attempt_ms = $3",
            {claim_until_ms, notice.id, notice.next_attempt_ms});
        if (!taken) return taken.error();
        if (*taken == 1) claimed.push_back(std::move(notice));
    }
    if (auto committed = tx->commit(); !committed) return committed.error();
    return claimed;
}

Result<bool> SqlStore::count_unasked_mail(const UnaskedMail& m) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    const TimeMs window = std::max<TimeMs>(1, m.window_ms);
    const TimeMs window_start = m.now_ms - m.now_ms % window;
    if (auto swept = db().run("DELETE FROM mail_counts WHERE window_start_ms < $1", {window_start}); !swept)
        return swept.error();
    std::string address = m.address;
    for (char& c : address)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    const std::pair<std::string, std::int64_t> counters[] = {{"to:" + address, m.per_address},
                                                             {"by:" + m.person_id, m.per_account}};
    for (const auto& [key, limit] : counters) {
        if (auto made = db().run("INSERT INTO mail_counts (counted_key, window_start_ms, sent) VALUES ($1, $2, 0)"
                                 " ON CONFLICT (counted_key, window_start_ms) DO NOTHING",
                                 {key, window_start});
            !made)
            return made.error();
        // One conditional UPDATE: of two nodes counting the last mail allowed, one gets it.
        auto counted = db().run_counting(
            "UPDATE mail_counts SET sent = sent + 1 WHERE counted_key = $1 AND window_start_ms = $2 AND sent < $3",
            {key, window_start, limit});
        if (!counted) return counted.error();
        if (*counted == 0) return false;  // rolled back: the other counter keeps its count too
    }
    if (auto committed = tx->commit(); !committed) return committed.error();
    return true;
}

Status SqlStore::remove_notice(std::int64_t id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto removed = db().run("DELETE FROM notice_queue WHERE id = $1", {id}); !removed) return removed;
    return tx->commit();
}

Status SqlStore::retry_notice(std::int64_t id, TimeMs next_attempt_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto updated = db().run("UPDATE notice_queue SET attempts = attempts + 1, next_attempt_ms = $1 WHERE id = $2",
                                {next_attempt_ms, id});
        !updated)
        return updated;
    return tx->commit();
}

Status SqlStore::postpone_notice(std::int64_t id, TimeMs next_attempt_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto updated = db().run("UPDATE notice_queue SET next_attempt_ms = $1 WHERE id = $2", {next_attempt_ms, id});
        !updated)
        return updated;
    return tx->commit();
}

Result<std::optional<TimeMs>> SqlStore::next_notice_due(std::string_view channel) {
    std::lock_guard lock(mutex_);
    std::optional<TimeMs> due;
    auto read = db().for_each_row("SELECT MIN(next_attempt_ms) FROM notice_queue WHERE channel = $1", {channel},
                                  [&](const Statement& row) -> Status {
                                      if (!row.is_null(0)) due = row.int64(0);
                                      return {};
                                  });
    if (!read) return read.error();
    return due;
}

Result<std::int64_t> SqlStore::queued_notices() {
    std::lock_guard lock(mutex_);
    std::int64_t count = 0;
    auto read = db().for_each_row("SELECT COUNT(*) FROM notice_queue", {}, [&](const Statement& row) -> Status {
        count = row.int64(0);
        return {};
    });
    if (!read) return read.error();
    return count;
}

Status SqlStore::add_link_token(const LinkToken& t, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    // Expired tokens go whenever a new one comes: the table stays small without a sweeper.
    if (auto swept = db().run("DELETE FROM link_tokens WHERE expires_at_ms <= $1", {now_ms});
        !swept)
        return swept;
    if (auto added = db().run(
            "INSERT INTO link_tokens (token_sha256, person_id, purpose, email, expires_at_ms) VALUES ($1, $2, $3, $4, $5)",
            {t.hash.hex(), t.person_id, t.purpose, t.email, t.expires_at_ms});
        !added)
        return added;
    return tx->commit();
}

Result<std::optional<LinkToken>> SqlStore::use_link_token(const TokenHash& hash, std::string_view purpose,
                                                          TimeMs now_ms, bool consume) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::optional<LinkToken> found;
    auto read = db().for_each_row(
        "SELECT person_id, email, expires_at_ms FROM link_tokens WHERE token_sha256 = $1 AND purpose = $2"
        " AND expires_at_ms > $3",
        {hash.hex(), purpose, now_ms}, [&](const Statement& row) -> Status {
            found = LinkToken{.hash = hash,
                              .person_id = row.text(0),
                              .purpose = std::string(purpose),
                              .email = row.text(1),
                              .expires_at_ms = row.int64(2)};
            return {};
        });
    if (!read) return read.error();
    if (!found || !consume) return found;
    // Deleted only by the one caller that still finds it: a token used twice at once works once.
    auto removed = db().run_counting("DELETE FROM link_tokens WHERE token_sha256 = $1", {hash.hex()});
    if (!removed) return removed.error();
    if (*removed == 0) return std::optional<LinkToken>{};
    if (auto committed = tx->commit(); !committed) return committed.error();
    return found;
}

Result<std::optional<std::string>> SqlStore::person_with_email(std::string_view email) {
    std::lock_guard lock(mutex_);
    std::optional<std::string> person;
    auto read = db().for_each_row("SELECT person_id FROM accounts WHERE lower(email) = lower($1) AND email_confirmed"
                                  " ORDER BY created_at_ms LIMIT 1",
                                  {email}, [&](const Statement& row) -> Status {
                                      person = row.text(0);
                                      return {};
                                  });
    if (!read) return read.error();
    return person;
}

}  // namespace carc::storage
