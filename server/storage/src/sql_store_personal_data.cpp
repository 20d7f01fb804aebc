// SqlStore: a person's own data: their chat lines for the export, and deleting an account
// (docs/accounts.md, "Your own data"). Every query is written once for both databases.
#include <nlohmann/json.hpp>

#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

namespace {

// What a deleted account's name_key becomes: a control character no typed name may hold, so
// no sign-in or lookup by name finds the tombstone, and unique by the person id.
std::string tombstone_key(std::string_view person_id) { return "\x01" "deleted:" + std::string(person_id); }

}  // namespace

Result<std::vector<OwnChatLine>> SqlStore::chat_lines_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    std::vector<OwnChatLine> out;
    auto read = db().for_each_row("SELECT room_id, seat, name, text, time_ms FROM chat WHERE person_id = $1 ORDER BY id",
                                  {person_id}, [&](const Statement& row) -> Status {
                                      out.push_back({row.text(0), static_cast<int>(row.int64(1)), row.text(2),
                                                     row.text(3), row.int64(4)});
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

// The finished games' records and player rows of seats held by a deleted account's token get its
// replacement name: `game_id` one game (a game being finished), or every game of the token.
Status SqlStore::replace_deleted_names_locked(std::string_view token_hex, std::string_view replacement,
                                              std::string_view game_id) {
    struct seat_of_game {
        std::string game_id;
        int seat;
    };
    std::vector<seat_of_game> seats;
    const std::string condition = game_id.empty() ? "" : " AND g.game_id = $2";
    auto collect = [&](const Statement& row) -> Status {
        seats.push_back({row.text(0), static_cast<int>(row.int64(1))});
        return {};
    };
    const std::string sql = "SELECT g.game_id, s.seat FROM seats s JOIN games g ON g.game_id = s.room_id"
                            " WHERE s.token_sha256 = $1" + condition;
    auto read = game_id.empty() ? db().for_each_row(sql, {token_hex}, collect)
                                : db().for_each_row(sql, {token_hex, game_id}, collect);
    if (!read) return read;
    for (const auto& [game, seat] : seats) {
        std::optional<std::string> record;
        auto got = db().for_each_row("SELECT record_json FROM games WHERE game_id = $1", {game},
                                     [&](const Statement& row) -> Status {
                                         record = row.text(0);
                                         return {};
                                     });
        if (!got) return got;
        if (record) {
            nlohmann::json doc = nlohmann::json::parse(*record, nullptr, false);
            if (doc.is_object() && doc.contains("players") && doc["players"].is_array())
                for (auto& player : doc["players"])
                    if (player.is_object() && player.value("seat", -1) == seat) player["name"] = replacement;
            if (!doc.is_discarded())
                if (auto ran = db().run("UPDATE games SET record_json = $1 WHERE game_id = $2", {doc.dump(), game}); !ran)
                    return ran;
        }
        if (auto ran = db().run("UPDATE game_players SET name = $1 WHERE game_id = $2 AND seat = $3",
                                {replacement, game, static_cast<std::int64_t>(seat)});
            !ran)
            return ran;
        if (auto ran = db().run("UPDATE rating_changes SET name = $1 WHERE game_id = $2 AND seat = $3",
                                {replacement, game, static_cast<std::int64_t>(seat)});
            !ran)
            return ran;
    }
    return {};
}

Status SqlStore::replace_names_in_finished_game_locked(std::string_view game_id) {
    std::vector<std::pair<std::string, std::string>> deleted;  // token hash, replacement
    auto read = db().for_each_row(
        "SELECT DISTINCT d.person_token_sha256, d.replacement_name FROM deleted_accounts d"
        " JOIN seats s ON s.token_sha256 = d.person_token_sha256 WHERE s.room_id = $1",
        {game_id}, [&](const Statement& row) -> Status {
            deleted.emplace_back(row.text(0), row.text(1));
            return {};
        });
    if (!read) return read;
    for (const auto& [token, replacement] : deleted)
        if (auto replaced = replace_deleted_names_locked(token, replacement, game_id); !replaced) return replaced;
    return {};
}

Result<std::vector<TokenHash>> SqlStore::delete_account(const AccountDeletion& d) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    std::optional<AccountRecord> account;
    {
        auto found = account_where_locked("WHERE person_id = $1", d.person_id);
        if (!found) return found.error();
        account = std::move(*found);
    }
    if (!account || account->name_key == tombstone_key(d.person_id)) return Error{ErrorCode::not_found, "no such account"};
    const std::string token = account->person_token_hash.hex();

    std::vector<TokenHash> ended;
    auto read = db().for_each_row("SELECT secret_sha256 FROM account_sessions WHERE person_id = $1", {d.person_id},
                                  [&](const Statement& row) -> Status {
                                      if (auto hash = TokenHash::from_hex(row.text(0))) ended.push_back(*hash);
                                      return {};
                                  });
    if (!read) return read.error();

    if (auto held = db().run(
            "INSERT INTO deleted_accounts (person_id, person_token_sha256, name_key, name_skeleton, replacement_name,"
            " deleted_at_ms, name_free_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            {d.person_id, token, account->name_key,
             account->name_skeleton.empty() ? sql::Param(sql::null) : sql::Param(std::string_view(account->name_skeleton)),
             d.replacement_name, d.now_ms, d.name_free_at_ms});
        !held)
        return held.error();
    // What is only the person's goes.
    for (const char* sql : {"DELETE FROM account_sessions WHERE person_id = $1",
                            "DELETE FROM follows WHERE person_id = $1 OR target_id = $1",
                            "DELETE FROM blocks WHERE person_id = $1 OR target_id = $1",
                            "DELETE FROM player_ratings WHERE person_id = $1",
                            "DELETE FROM player_stats WHERE person_id = $1",
                            "DELETE FROM player_points WHERE person_id = $1",
                            "DELETE FROM vacation WHERE person_id = $1",
                            "DELETE FROM chat WHERE person_id = $1",
                            "DELETE FROM challenges WHERE from_person = $1 OR to_person = $1",
                            "DELETE FROM notice_queue WHERE person_id = $1",
                            "DELETE FROM link_tokens WHERE person_id = $1",
                            "DELETE FROM sign_in_links WHERE person_id = $1"})
        if (auto ran = db().run(sql, {d.person_id}); !ran) return ran.error();
    // The account's row stays (tournaments and rating changes point at it), emptied.
    if (auto ran = db().run(
            "UPDATE accounts SET name = $1, name_key = $2, name_skeleton = NULL, password_hash = '', email = NULL,"
            " email_confirmed = FALSE, auto_vacation = FALSE, notices_json = '{}', webhook_url = NULL,"
            " language = NULL WHERE person_id = $3",
            {d.replacement_name, tombstone_key(d.person_id), d.person_id});
        !ran)
        return ran.error();
    // Records others keep show the replacement name.
    if (auto ran = db().run("UPDATE seats SET player_name = $1 WHERE token_sha256 = $2", {d.replacement_name, token}); !ran)
        return ran.error();
    if (auto ran = db().run("UPDATE tournament_players SET name = $1 WHERE person_id = $2",
                            {d.replacement_name, d.person_id});
        !ran)
        return ran.error();
    if (auto ran = db().run("UPDATE rating_changes SET name = $1 WHERE person_id = $2", {d.replacement_name, d.person_id});
        !ran)
        return ran.error();
    if (auto replaced = replace_deleted_names_locked(token, d.replacement_name, {}); !replaced) return replaced.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return ended;
}

Status SqlStore::refuse_held_name_locked(const AccountRecord& a) {
    bool held = false;
    auto read = db().for_each_row(
        "SELECT 1 FROM deleted_accounts WHERE (name_key = $1 OR name_skeleton = $2) AND name_free_at_ms > $3",
        {a.name_key, a.name_skeleton.empty() ? std::string_view("\x01") : std::string_view(a.name_skeleton),
         a.created_at_ms},
        [&](const Statement&) -> Status {
            held = true;
            return {};
        });
    if (!read) return read;
    if (held) return {ErrorCode::already_exists, "the name belonged to a deleted account and is not free yet"};
    return {};
}

}  // namespace carc::storage
