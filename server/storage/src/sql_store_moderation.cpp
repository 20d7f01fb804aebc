// SqlStore: reports, sanctions and the operators' audit log (moderation_store.hpp). Every
// operator action writes its log entry in the transaction that makes its change, so the log
// never misses an action nor names one that did not happen. Every query is written once for
// both databases.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

const char* to_string(SanctionKind kind) { return kind == SanctionKind::mute ? "mute" : "ban"; }

namespace {

constexpr std::int64_t day_ms = 24LL * 60 * 60 * 1000;

Status insert_audit(sql::Connection& db, const AuditEntry& a, std::int64_t* id = nullptr) {
    return db.for_each_row(
        "INSERT INTO moderation_log (operator, action, target, detail, reason, time_ms)"
        " VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        {a.operator_name, a.action, a.target, a.detail, a.reason, a.time_ms}, [&](const Statement& row) -> Status {
            if (id) *id = row.int64(0);
            return {};
        });
}

Result<bool> is_account(sql::Connection& db, std::string_view person_id) {
    bool found = false;
    auto read = db.for_each_row("SELECT 1 FROM accounts WHERE person_id = $1", {person_id},
                                [&](const Statement&) -> Status {
                                    found = true;
                                    return {};
                                });
    if (!read) return read.error();
    return found;
}

std::optional<std::string> optional_text_at(const Statement& row, int column) {
    if (row.is_null(column)) return std::nullopt;
    return row.text(column);
}

std::optional<TimeMs> optional_time_at(const Statement& row, int column) {
    if (row.is_null(column)) return std::nullopt;
    return row.int64(column);
}

constexpr std::string_view report_columns =
    "SELECT r.id, r.reporter_id, a.name, r.target_id, t.name, r.reason, r.note, r.room_id, r.chat_text,"
    " r.chat_time_ms, r.made_at_ms, r.closed_at_ms, r.closed_by, r.closing_note"
    " FROM reports r JOIN accounts a ON a.person_id = r.reporter_id JOIN accounts t ON t.person_id = r.target_id ";

ReportRecord report_from_row(const Statement& row) {
    ReportRecord r;
    r.id = row.int64(0);
    r.reporter_id = row.text(1);
    r.reporter_name = row.text(2);
    r.target_id = row.text(3);
    r.target_name = row.text(4);
    r.reason = row.text(5);
    r.note = row.text(6);
    r.room_id = optional_text_at(row, 7);
    r.chat_text = optional_text_at(row, 8);
    r.chat_time_ms = optional_time_at(row, 9);
    r.made_at_ms = row.int64(10);
    r.closed_at_ms = optional_time_at(row, 11);
    r.closed_by = row.text(12);
    r.closing_note = row.text(13);
    return r;
}

Sanction sanction_from_row(const Statement& row) {
    Sanction s;
    s.person_id = row.text(0);
    s.name = row.text(1);
    s.kind = row.text(2) == "ban" ? SanctionKind::ban : SanctionKind::mute;
    s.until_ms = optional_time_at(row, 3);
    s.reason = row.text(4);
    s.made_at_ms = row.int64(5);
    return s;
}

constexpr std::string_view sanction_columns =
    "SELECT s.person_id, a.name, s.kind, s.until_ms, s.reason, s.made_at_ms"
    " FROM sanctions s JOIN accounts a ON a.person_id = s.person_id ";

AuditEntry audit_from_row(const Statement& row) {
    return {row.int64(0), row.text(1), row.text(2), row.text(3), row.text(4), row.text(5), row.int64(6)};
}

constexpr std::string_view audit_columns =
    "SELECT id, operator, action, target, detail, reason, time_ms FROM moderation_log ";

sql::Param optional_time(const std::optional<TimeMs>& t) { return t ? sql::Param(*t) : sql::Param(sql::null); }

}  // namespace

Result<ReportOutcome> SqlStore::add_report(const NewReport& report, int per_day) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    for (std::string_view id : {std::string_view(report.reporter_id), std::string_view(report.target_id)}) {
        auto known = is_account(db(), id);
        if (!known) return known.error();
        if (!*known) return Error{ErrorCode::not_found, "no such account"};
    }
    std::int64_t made = 0;
    auto counted = db().for_each_row("SELECT COUNT(*) FROM reports WHERE reporter_id = $1 AND made_at_ms > $2",
                                     {report.reporter_id, report.made_at_ms - day_ms},
                                     [&](const Statement& row) -> Status {
                                         made = row.int64(0);
                                         return {};
                                     });
    if (!counted) return counted.error();
    if (made >= per_day) return ReportOutcome{};
    ReportOutcome outcome{.stored = true};
    auto inserted = db().for_each_row(
        "INSERT INTO reports (reporter_id, target_id, reason, note, room_id, chat_text, chat_time_ms, made_at_ms)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        {report.reporter_id, report.target_id, report.reason, report.note, sql::optional_text(report.room_id),
         sql::optional_text(report.chat_text), optional_time(report.chat_time_ms), report.made_at_ms},
        [&](const Statement& row) -> Status {
            outcome.id = row.int64(0);
            return {};
        });
    if (!inserted) return inserted.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return outcome;
}

Result<std::vector<ReportRecord>> SqlStore::reports(bool with_closed, int limit) {
    std::lock_guard lock(mutex_);
    std::vector<ReportRecord> out;
    auto read = db().for_each_row(std::string(report_columns) +
                                      (with_closed ? "" : "WHERE r.closed_at_ms IS NULL ") +
                                      "ORDER BY r.id DESC LIMIT $1",
                                  {static_cast<std::int64_t>(limit)}, [&](const Statement& row) -> Status {
                                      out.push_back(report_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Result<std::vector<ReportRecord>> SqlStore::reports_made_by(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    std::vector<ReportRecord> out;
    auto read = db().for_each_row(std::string(report_columns) + "WHERE r.reporter_id = $1 ORDER BY r.id DESC",
                                  {person_id}, [&](const Statement& row) -> Status {
                                      out.push_back(report_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Status SqlStore::close_report(std::int64_t id, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    std::optional<bool> open;
    auto read = db().for_each_row("SELECT closed_at_ms IS NULL FROM reports WHERE id = $1", {id},
                                  [&](const Statement& row) -> Status {
                                      open = row.int64(0) != 0;
                                      return {};
                                  });
    if (!read) return read;
    if (!open) return {ErrorCode::not_found, "no report " + std::to_string(id)};
    if (!*open) return {ErrorCode::already_exists, "report " + std::to_string(id) + " is closed already"};
    if (auto closed = db().run("UPDATE reports SET closed_at_ms = $2, closed_by = $3, closing_note = $4 WHERE id = $1",
                               {id, audit.time_ms, audit.operator_name, audit.reason});
        !closed)
        return closed;
    if (auto logged = insert_audit(db(), audit); !logged) return logged;
    return tx->commit();
}

Status SqlStore::set_sanction(const Sanction& s, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto known = is_account(db(), s.person_id);
    if (!known) return known.status();
    if (!*known) return {ErrorCode::not_found, "no such account"};
    if (auto set = db().run("INSERT INTO sanctions (person_id, kind, until_ms, reason, made_at_ms)"
                            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (person_id, kind) DO UPDATE SET"
                            " until_ms = excluded.until_ms, reason = excluded.reason, made_at_ms = excluded.made_at_ms",
                            {s.person_id, to_string(s.kind), optional_time(s.until_ms), s.reason, s.made_at_ms});
        !set)
        return set;
    if (s.kind == SanctionKind::ban) {
        // Every node checks its sockets' sessions against the store twice a second.
        if (auto ended = db().run("DELETE FROM account_sessions WHERE person_id = $1", {s.person_id}); !ended)
            return ended;
    }
    if (auto logged = insert_audit(db(), audit); !logged) return logged;
    return tx->commit();
}

Status SqlStore::lift_sanction(std::string_view person_id, SanctionKind kind, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto lifted = db().run_counting("DELETE FROM sanctions WHERE person_id = $1 AND kind = $2",
                                    {person_id, to_string(kind)});
    if (!lifted) return lifted.status();
    if (*lifted == 0) return {ErrorCode::not_found, std::string("the account has no ") + to_string(kind)};
    if (auto logged = insert_audit(db(), audit); !logged) return logged;
    return tx->commit();
}

Result<std::vector<Sanction>> SqlStore::sanctions(SanctionKind kind, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    std::vector<Sanction> out;
    auto read = db().for_each_row(std::string(sanction_columns) +
                                      "WHERE s.kind = $1 AND (s.until_ms IS NULL OR s.until_ms > $2) ORDER BY a.name",
                                  {to_string(kind), now_ms}, [&](const Statement& row) -> Status {
                                      out.push_back(sanction_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Result<std::optional<Sanction>> SqlStore::sanction_of(std::string_view person_id, SanctionKind kind, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    std::optional<Sanction> out;
    auto read = db().for_each_row(
        std::string(sanction_columns) +
            "WHERE s.person_id = $1 AND s.kind = $2 AND (s.until_ms IS NULL OR s.until_ms > $3)",
        {person_id, to_string(kind), now_ms}, [&](const Statement& row) -> Status {
            out = sanction_from_row(row);
            return {};
        });
    if (!read) return read.error();
    return out;
}

Status SqlStore::ban_address(const AddressBan& ban, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto set = db().run("INSERT INTO address_bans (cidr, until_ms, reason, made_at_ms) VALUES ($1, $2, $3, $4)"
                            " ON CONFLICT (cidr) DO UPDATE SET until_ms = excluded.until_ms,"
                            " reason = excluded.reason, made_at_ms = excluded.made_at_ms",
                            {ban.cidr, optional_time(ban.until_ms), ban.reason, ban.made_at_ms});
        !set)
        return set;
    if (auto logged = insert_audit(db(), audit); !logged) return logged;
    return tx->commit();
}

Status SqlStore::lift_address_ban(std::string_view cidr, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto lifted = db().run_counting("DELETE FROM address_bans WHERE cidr = $1", {cidr});
    if (!lifted) return lifted.status();
    if (*lifted == 0) return {ErrorCode::not_found, "the address " + std::string(cidr) + " is not banned"};
    if (auto logged = insert_audit(db(), audit); !logged) return logged;
    return tx->commit();
}

Result<std::vector<AddressBan>> SqlStore::address_bans(TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    std::vector<AddressBan> out;
    auto read = db().for_each_row(
        "SELECT cidr, until_ms, reason, made_at_ms FROM address_bans WHERE until_ms IS NULL OR until_ms > $1"
        " ORDER BY cidr",
        {now_ms}, [&](const Statement& row) -> Status {
            out.push_back({row.text(0), optional_time_at(row, 1), row.text(2), row.int64(3)});
            return {};
        });
    if (!read) return read.error();
    return out;
}

Result<std::int64_t> SqlStore::log_action(const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::int64_t id = 0;
    if (auto logged = insert_audit(db(), audit, &id); !logged) return logged.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return id;
}

Result<std::vector<AuditEntry>> SqlStore::audit_after(std::int64_t after_id, int limit) {
    std::lock_guard lock(mutex_);
    std::vector<AuditEntry> out;
    auto read = db().for_each_row(std::string(audit_columns) + "WHERE id > $1 ORDER BY id LIMIT $2",
                                  {after_id, static_cast<std::int64_t>(limit)}, [&](const Statement& row) -> Status {
                                      out.push_back(audit_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Result<std::vector<AuditEntry>> SqlStore::audit_log(int limit) {
    std::lock_guard lock(mutex_);
    std::vector<AuditEntry> out;
    auto read = db().for_each_row(std::string(audit_columns) + "ORDER BY id DESC LIMIT $1",
                                  {static_cast<std::int64_t>(limit)}, [&](const Statement& row) -> Status {
                                      out.push_back(audit_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Status SqlStore::rename_account(const AccountRename& r, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto known = is_account(db(), r.person_id);
    if (!known) return known.status();
    if (!*known) return {ErrorCode::not_found, "no such account"};
    bool taken = false;
    auto read = db().for_each_row("SELECT 1 FROM accounts WHERE person_id <> $1 AND (name_key = $2 OR name_skeleton = $3)",
                                  {r.person_id, r.name_key, r.skeleton}, [&](const Statement&) -> Status {
                                      taken = true;
                                      return {};
                                  });
    if (!read) return read;
    if (taken) return {ErrorCode::already_exists, "another account has that name or one that looks like it"};
    if (auto renamed = db().run("UPDATE accounts SET name = $2, name_key = $3, name_skeleton = $4 WHERE person_id = $1",
                                {r.person_id, r.name, r.name_key, r.skeleton});
        !renamed)
        return renamed;
    if (auto logged = insert_audit(db(), audit); !logged) return logged;
    return tx->commit();
}

Status rename_account(const Stores& stores, const AccountRename& rename, const AuditEntry& audit) {
    // Both stores are SqlStores; a store without moderation keeps no accounts to rename.
    auto* store = dynamic_cast<SqlStore*>(stores.moderation.get());
    if (!store) return {ErrorCode::invalid_state, "this store keeps no accounts"};
    return store->rename_account(rename, audit);
}

}  // namespace carc::storage

namespace carc::storage {

// The line's text goes and its row stays, so the room's history (and its sender's own data)
// shows a line removed where it was said.
Result<ChatLine> SqlStore::remove_chat_line(const ChatLineRef& ref, const AuditEntry& audit) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::optional<ChatLine> kept;
    bool all_removed = true;
    auto read = db().for_each_row(
        "SELECT person_id, seat, name, text, time_ms, removed FROM chat"
        " WHERE room_id = $1 AND person_id = $2 AND time_ms = $3 ORDER BY id",
        {ref.room_id, ref.person_id, ref.time_ms}, [&](const Statement& row) -> Status {
            const bool removed = row.int64(5) != 0;
            if (!kept || (!removed && kept->removed))
                kept = ChatLine{row.text(0), static_cast<int>(row.int64(1)), row.text(2), row.text(3), row.int64(4),
                                removed};
            all_removed = all_removed && removed;
            return {};
        });
    if (!read) return read.error();
    if (!kept)
        return Error{ErrorCode::not_found, "room " + ref.room_id + " keeps no chat line of that sender at " +
                                               std::to_string(ref.time_ms)};
    if (all_removed) return Error{ErrorCode::already_exists, "that chat line was removed already"};
    if (auto removed = db().run("UPDATE chat SET text = '', removed = 1"
                                " WHERE room_id = $1 AND person_id = $2 AND time_ms = $3 AND removed = 0",
                                {ref.room_id, ref.person_id, ref.time_ms});
        !removed)
        return removed.error();
    if (auto logged = insert_audit(db(), audit); !logged) return logged.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return *kept;
}

}  // namespace carc::storage
