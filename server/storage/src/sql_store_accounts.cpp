// SqlStore: accounts, their sessions, and the games a person has a seat in (docs/accounts.md).
// Every query is written once for both databases.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Param;
using sql::Statement;

namespace {

// A session seen again within this long is not written again (one write a minute at most).
constexpr TimeMs seen_write_interval_ms = 60'000;

constexpr const char* account_columns =
    "SELECT person_id, name, name_key, password_hash, person_token_sha256, created_at_ms, email,"
    " email_confirmed, auto_vacation, notices_json, webhook_url, name_skeleton, language FROM accounts ";

Result<AccountRecord> account_from_row(const Statement& row) {
    auto token = TokenHash::from_hex(row.text(4));
    if (!token) return Error{ErrorCode::corrupt, "account " + row.text(0) + ": malformed token hash"};
    AccountSettings settings;
    if (!row.is_null(6)) settings.email = row.text(6);
    settings.email_confirmed = row.int64(7) != 0;
    settings.auto_vacation = row.int64(8) != 0;
    settings.notices_json = row.text(9);
    if (!row.is_null(10)) settings.webhook_url = row.text(10);
    if (!row.is_null(12)) settings.language = row.text(12);
    return AccountRecord{.person_id = row.text(0),
                         .name = row.text(1),
                         .name_key = row.text(2),
                         .name_skeleton = row.is_null(11) ? std::string() : row.text(11),
                         .password_hash = row.text(3),
                         .person_token_hash = *token,
                         .created_at_ms = row.int64(5),
                         .settings = std::move(settings)};
}

constexpr const char* session_columns =
    "SELECT secret_sha256, public_id, person_id, kind, device, created_at_ms, last_seen_ms, address"
    " FROM account_sessions ";

Result<SessionRecord> session_from_row(const Statement& row) {
    auto secret = TokenHash::from_hex(row.text(0));
    if (!secret) return Error{ErrorCode::corrupt, "session " + row.text(1) + ": malformed hash"};
    return SessionRecord{.secret_hash = *secret,
                         .public_id = row.text(1),
                         .person_id = row.text(2),
                         .kind = row.text(3),
                         .device = row.text(4),
                         .created_at_ms = row.int64(5),
                         .last_seen_ms = row.int64(6),
                         .address = row.text(7)};
}

}  // namespace

Result<std::optional<AccountRecord>> SqlStore::account_where_locked(std::string_view condition,
                                                                     std::string_view value, std::string_view second) {
    std::optional<AccountRecord> found;
    auto keep = [&](const Statement& row) -> Status {
        auto account = account_from_row(row);
        if (!account) return account.status();
        found = std::move(*account);
        return {};
    };
    const std::string sql = std::string(account_columns) + std::string(condition);
    auto read = second.empty() ? db().for_each_row(sql, {value}, keep) : db().for_each_row(sql, {value, second}, keep);
    if (!read) return read.error();
    return found;
}

Status SqlStore::insert_session_locked(const SessionRecord& s) {
    return db().run(
        "INSERT INTO account_sessions (secret_sha256, public_id, person_id, kind, device, created_at_ms,"
        " last_seen_ms, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        {s.secret_hash.hex(), s.public_id, s.person_id, s.kind, s.device, s.created_at_ms, s.last_seen_ms,
         s.address});
}

Status SqlStore::create_account(const AccountRecord& a, const SessionRecord& first) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto free = refuse_held_name_locked(a); !free) return free;
    const AccountSettings& s = a.settings;
    auto inserted = db().run_counting(
        "INSERT INTO accounts (person_id, name, name_key, password_hash, person_token_sha256, created_at_ms,"
        " email, email_confirmed, auto_vacation, notices_json, webhook_url, name_skeleton, language)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING",
        {a.person_id, a.name, a.name_key, a.password_hash, a.person_token_hash.hex(), a.created_at_ms,
         sql::optional_text(s.email), s.email_confirmed ? 1 : 0, s.auto_vacation ? 1 : 0, s.notices_json,
         sql::optional_text(s.webhook_url),
         a.name_skeleton.empty() ? Param(sql::null) : Param(std::string_view(a.name_skeleton)),
         s.language.empty() ? Param(sql::null) : Param(std::string_view(s.language))});
    if (!inserted) return inserted.status();
    if (*inserted == 0) return {ErrorCode::already_exists, "the name or the person already has an account"};
    if (auto added = insert_session_locked(first); !added) return added;
    return tx->commit();
}

Result<std::optional<AccountRecord>> SqlStore::account_by_name(std::string_view name_key) {
    std::lock_guard lock(mutex_);
    return account_where_locked("WHERE name_key = $1", name_key);
}

Result<std::optional<AccountRecord>> SqlStore::account_by_look(std::string_view name_key, std::string_view skeleton) {
    std::lock_guard lock(mutex_);
    // The exact name first: an account stored before skeletons whose look-alike came first
    // keeps its own name.
    return account_where_locked(
        "WHERE name_key = $1 OR name_skeleton = $2 ORDER BY CASE WHEN name_key = $1 THEN 0 ELSE 1 END LIMIT 1",
        name_key, skeleton.empty() ? std::string_view("\x01") : skeleton);
}

Result<std::vector<std::pair<std::string, std::string>>> SqlStore::accounts_without_skeleton() {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<std::string, std::string>> out;
    auto read = db().for_each_row("SELECT person_id, name FROM accounts WHERE name_skeleton IS NULL ORDER BY created_at_ms",
                                  {}, [&](const Statement& row) -> Status {
                                      out.emplace_back(row.text(0), row.text(1));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Status SqlStore::set_name_skeleton(std::string_view person_id, std::string_view skeleton) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    bool held = false;
    auto read = db().for_each_row("SELECT 1 FROM accounts WHERE name_skeleton = $1 AND person_id <> $2",
                                  {skeleton, person_id}, [&](const Statement&) -> Status {
                                      held = true;
                                      return {};
                                  });
    if (!read) return read;
    if (held) return {ErrorCode::already_exists, "another account's name looks the same"};
    if (auto set = db().run("UPDATE accounts SET name_skeleton = $1 WHERE person_id = $2", {skeleton, person_id}); !set)
        return set;
    return tx->commit();
}

Result<std::optional<AccountRecord>> SqlStore::account_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    return account_where_locked("WHERE person_id = $1", person_id);
}

Status SqlStore::update_settings(std::string_view person_id, const AccountSettings& s) {
    std::lock_guard lock(mutex_);
    auto updated = db().run_counting(
        "UPDATE accounts SET email = $1, email_confirmed = $2, auto_vacation = $3, notices_json = $4,"
        " webhook_url = $5, language = $6 WHERE person_id = $7",
        {sql::optional_text(s.email), s.email_confirmed ? 1 : 0, s.auto_vacation ? 1 : 0, s.notices_json,
         sql::optional_text(s.webhook_url),
         s.language.empty() ? Param(sql::null) : Param(std::string_view(s.language)), person_id});
    if (!updated) return updated.status();
    if (*updated == 0) return {ErrorCode::not_found, "no such account"};
    return {};
}

Status SqlStore::change_password(std::string_view person_id, std::string_view password_hash, const TokenHash& keep) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto updated = db().run_counting("UPDATE accounts SET password_hash = $1 WHERE person_id = $2",
                                     {password_hash, person_id});
    if (!updated) return updated.status();
    if (*updated == 0) return {ErrorCode::not_found, "no such account"};
    if (auto ended = db().run("DELETE FROM account_sessions WHERE person_id = $1 AND secret_sha256 <> $2",
                              {person_id, keep.hex()});
        !ended)
        return ended;
    return tx->commit();
}

Status SqlStore::add_session(const SessionRecord& session) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto added = insert_session_locked(session); !added) return added;
    return tx->commit();
}

Result<std::optional<SessionRecord>> SqlStore::use_session(const TokenHash& secret_hash, TimeMs now_ms,
                                                           TimeMs seen_after_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::optional<SessionRecord> found;
    auto read = db().for_each_row(std::string(session_columns) + "WHERE secret_sha256 = $1", {secret_hash.hex()},
                                  [&](const Statement& row) -> Status {
                                      auto session = session_from_row(row);
                                      if (!session) return session.status();
                                      found = std::move(*session);
                                      return {};
                                  });
    if (!read) return read.error();
    if (!found || found->last_seen_ms < seen_after_ms) return std::optional<SessionRecord>{};
    if (now_ms - found->last_seen_ms >= seen_write_interval_ms) {
        if (auto seen = db().run("UPDATE account_sessions SET last_seen_ms = $1 WHERE secret_sha256 = $2",
                                 {now_ms, secret_hash.hex()});
            !seen)
            return seen.error();
        if (auto committed = tx->commit(); !committed) return committed.error();
        found->last_seen_ms = now_ms;
    }
    return found;
}

Result<std::vector<SessionRecord>> SqlStore::sessions_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    std::vector<SessionRecord> out;
    auto read = db().for_each_row(std::string(session_columns) +
                                      "WHERE person_id = $1 ORDER BY last_seen_ms DESC, public_id",
                                  {person_id}, [&](const Statement& row) -> Status {
                                      auto session = session_from_row(row);
                                      if (!session) return session.status();
                                      out.push_back(std::move(*session));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Result<TokenHash> SqlStore::end_session(std::string_view person_id, std::string_view public_id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::optional<TokenHash> secret;
    auto read = db().for_each_row("SELECT secret_sha256 FROM account_sessions WHERE person_id = $1 AND public_id = $2",
                                  {person_id, public_id}, [&](const Statement& row) -> Status {
                                      secret = TokenHash::from_hex(row.text(0));
                                      return {};
                                  });
    if (!read) return read.error();
    if (!secret) return Error{ErrorCode::not_found, "no such session"};
    if (auto ended = db().run("DELETE FROM account_sessions WHERE secret_sha256 = $1", {secret->hex()}); !ended)
        return ended.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return *secret;
}

Result<std::vector<TokenHash>> SqlStore::end_other_sessions(std::string_view person_id, const TokenHash& keep) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::vector<TokenHash> ended;
    auto read = db().for_each_row(
        "SELECT secret_sha256 FROM account_sessions WHERE person_id = $1 AND secret_sha256 <> $2",
        {person_id, keep.hex()}, [&](const Statement& row) -> Status {
            if (auto hash = TokenHash::from_hex(row.text(0))) ended.push_back(*hash);
            return {};
        });
    if (!read) return read.error();
    if (auto gone = db().run("DELETE FROM account_sessions WHERE person_id = $1 AND secret_sha256 <> $2",
                             {person_id, keep.hex()});
        !gone)
        return gone.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return ended;
}

Result<std::vector<TokenHash>> SqlStore::live_sessions(const std::vector<TokenHash>& secret_hashes) {
    std::lock_guard lock(mutex_);
    std::vector<TokenHash> live;
    for (const TokenHash& hash : secret_hashes) {
        auto read = db().for_each_row("SELECT 1 FROM account_sessions WHERE secret_sha256 = $1", {hash.hex()},
                                      [&](const Statement&) -> Status {
                                          live.push_back(hash);
                                          return {};
                                      });
        if (!read) return read.error();
    }
    return live;
}

Result<std::vector<SeatedGame>> SqlStore::seated_games(const TokenHash& person_token_hash) {
    std::lock_guard lock(mutex_);
    std::vector<SeatedGame> out;
    auto read = db().for_each_row(
        "SELECT r.room_id, r.status, a.room_id IS NOT NULL, s.seat, r.config_json, r.created_at_ms,"
        " s.bot_kind, r.clock_active_seat, r.clock_turn_started_at_ms, c.remaining_ms,"
        " t.seat, t.seq, t.deadline_ms"
        " FROM seats s JOIN rooms r ON r.room_id = s.room_id"
        " LEFT JOIN adjourned a ON a.room_id = r.room_id"
        " LEFT JOIN turn_deadlines t ON t.room_id = r.room_id"
        " LEFT JOIN seat_clocks c ON c.room_id = r.room_id AND c.seat = r.clock_active_seat"
        " WHERE s.token_sha256 = $1 AND r.status <> 'abandoned'"
        " ORDER BY r.created_at_ms DESC, r.room_id",
        {person_token_hash.hex()}, [&](const Statement& row) -> Status {
            SeatedGame game;
            game.room_id = row.text(0);
            const auto status = room_status_from_string(row.text(1));
            if (!status) return {ErrorCode::corrupt, "room " + game.room_id + ": unknown status"};
            game.status = (*status == RoomStatus::running && row.int64(2) != 0) ? RoomStatus::adjourned : *status;
            game.seat = static_cast<int>(row.int64(3));
            game.config_json = row.text(4);
            game.created_at_ms = row.int64(5);
            game.resigned = row.text(6) == "resigned";
            game.away = row.text(6) == "away";
            if (!row.is_null(10)) {
                game.turn = TurnDeadline{static_cast<int>(row.int64(10)), row.int64(11), std::nullopt};
                if (!row.is_null(12)) game.turn->deadline_ms = row.int64(12);
            }
            if (!row.is_null(7)) game.clock_seat = static_cast<int>(row.int64(7));
            if (!row.is_null(8)) game.clock_turn_started_at_ms = row.int64(8);
            if (!row.is_null(9)) game.clock_remaining_ms = row.int64(9);
            out.push_back(std::move(game));
            return {};
        });
    if (!read) return read.error();
    return out;
}

}  // namespace carc::storage
