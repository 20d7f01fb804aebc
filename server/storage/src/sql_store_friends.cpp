// SqlStore: follows, blocks and statistics per rule key (friend_store.hpp). A game's statistics
// are added inside the transaction that finishes it, which refuses a game already finished, so
// they count once whatever node finishes the game. Every query is written once for both
// databases.
#include <algorithm>

#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

namespace {

Status must_be_account(sql::Connection& db, std::string_view person_id) {
    bool found = false;
    auto read = db.for_each_row("SELECT 1 FROM accounts WHERE person_id = $1", {person_id},
                                [&](const Statement&) -> Status {
                                    found = true;
                                    return {};
                                });
    if (!read) return read;
    if (!found) return {ErrorCode::not_found, "no such account"};
    return {};
}

Status read_named(sql::Connection& db, std::string_view sql_text, std::string_view person_id,
                  std::vector<NamedAccount>& out) {
    return db.for_each_row(sql_text, {person_id}, [&](const Statement& row) -> Status {
        out.push_back({row.text(0), row.text(1)});
        return {};
    });
}

// Sets or clears a row of `table` (follows or blocks) from person to target.
Status set_edge(sql::Connection& db, std::string_view table, std::string_view person_id,
                std::string_view target_id, bool on, TimeMs now_ms) {
    if (on) {
        return db.run("INSERT INTO " + std::string(table) +
                          " (person_id, target_id, created_at_ms) VALUES ($1, $2, $3)"
                          " ON CONFLICT (person_id, target_id) DO NOTHING",
                      {person_id, target_id, now_ms});
    }
    return db.run("DELETE FROM " + std::string(table) + " WHERE person_id = $1 AND target_id = $2",
                  {person_id, target_id});
}

}  // namespace

Status SqlStore::set_follow(std::string_view person_id, std::string_view target_id, bool on, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    for (std::string_view id : {person_id, target_id})
        if (auto known = must_be_account(db(), id); !known) return known;
    if (auto set = set_edge(db(), "follows", person_id, target_id, on, now_ms); !set) return set;
    return tx->commit();
}

Status SqlStore::set_block(std::string_view person_id, std::string_view target_id, bool on, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    for (std::string_view id : {person_id, target_id})
        if (auto known = must_be_account(db(), id); !known) return known;
    if (auto set = set_edge(db(), "blocks", person_id, target_id, on, now_ms); !set) return set;
    if (on) {
        // A block ends the friendship both ways: neither keeps following the other.
        if (auto ended = db().run("DELETE FROM follows WHERE (person_id = $1 AND target_id = $2)"
                                  " OR (person_id = $2 AND target_id = $1)",
                                  {person_id, target_id});
            !ended)
            return ended;
    }
    return tx->commit();
}

Result<FriendLists> SqlStore::friend_lists(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.status().error();
    FriendLists out;
    if (auto read = read_named(db(),
                               "SELECT a.person_id, a.name FROM follows f JOIN accounts a ON a.person_id = f.target_id"
                               " WHERE f.person_id = $1 ORDER BY a.name_key",
                               person_id, out.following);
        !read)
        return read.error();
    if (auto read = read_named(db(),
                               "SELECT a.person_id, a.name FROM follows f JOIN accounts a ON a.person_id = f.person_id"
                               " WHERE f.target_id = $1 ORDER BY a.name_key",
                               person_id, out.followers);
        !read)
        return read.error();
    if (auto read = read_named(db(),
                               "SELECT a.person_id, a.name FROM blocks b JOIN accounts a ON a.person_id = b.target_id"
                               " WHERE b.person_id = $1 ORDER BY a.name_key",
                               person_id, out.blocked);
        !read)
        return read.error();
    for (const NamedAccount& f : out.following)
        if (std::find(out.followers.begin(), out.followers.end(), f) != out.followers.end()) out.friends.push_back(f);
    return out;
}

Result<Relation> SqlStore::relation(std::string_view a, std::string_view b) {
    std::lock_guard lock(mutex_);
    Relation out;
    auto read = db().for_each_row(
        "SELECT 'follows', person_id FROM follows WHERE (person_id = $1 AND target_id = $2)"
        " OR (person_id = $2 AND target_id = $1)"
        " UNION ALL SELECT 'blocks', person_id FROM blocks WHERE (person_id = $1 AND target_id = $2)"
        " OR (person_id = $2 AND target_id = $1)",
        {a, b}, [&](const Statement& row) -> Status {
            const bool from_a = row.text(1) == a;
            if (row.text(0) == "follows") (from_a ? out.follows : out.followed) = true;
            else (from_a ? out.blocks : out.blocked_by) = true;
            return {};
        });
    if (!read) return read.error();
    return out;
}

namespace {

// The first column of every row `sql_text` reads for `id`.
Result<std::vector<std::string>> read_ids(sql::Connection& db, std::string_view sql_text, std::string_view id) {
    std::vector<std::string> out;
    auto read = db.for_each_row(sql_text, {id}, [&](const Statement& row) -> Status {
        out.push_back(row.text(0));
        return {};
    });
    if (!read) return read.error();
    return out;
}

}  // namespace

Result<std::vector<std::string>> SqlStore::blocked_ids(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    return read_ids(db(), "SELECT target_id FROM blocks WHERE person_id = $1 ORDER BY target_id", person_id);
}

Result<std::vector<std::string>> SqlStore::blocker_ids(std::string_view target_id) {
    std::lock_guard lock(mutex_);
    return read_ids(db(), "SELECT person_id FROM blocks WHERE target_id = $1 ORDER BY person_id", target_id);
}

Status SqlStore::add_challenge(const StoredChallenge& c) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto forgotten = db().run("DELETE FROM challenges WHERE made_at_ms < $1", {c.made_at_ms - challenge_kept_ms});
        !forgotten)
        return forgotten;
    if (auto added = db().run("INSERT INTO challenges (room_id, from_person, from_name, to_person, to_name, made_at_ms)"
                              " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (room_id) DO UPDATE SET"
                              " from_person = excluded.from_person, from_name = excluded.from_name,"
                              " to_person = excluded.to_person, to_name = excluded.to_name,"
                              " made_at_ms = excluded.made_at_ms",
                              {c.room_id, c.from_person, c.from_name, c.to_person, c.to_name, c.made_at_ms});
        !added)
        return added;
    return tx->commit();
}

namespace {

// The room's challenge, for `to_person` only when one is given.
Result<std::optional<StoredChallenge>> read_challenge(sql::Connection& db, std::string_view room_id,
                                                      std::optional<std::string_view> to_person) {
    std::optional<StoredChallenge> found;
    auto read = db.for_each_row(
        "SELECT room_id, from_person, from_name, to_person, to_name, made_at_ms FROM challenges WHERE room_id = $1",
        {room_id}, [&](const Statement& row) -> Status {
            found = StoredChallenge{row.text(0), row.text(1), row.text(2), row.text(3), row.text(4), row.int64(5)};
            return {};
        });
    if (!read) return read.error();
    if (found && to_person && found->to_person != *to_person) found.reset();
    return found;
}

}  // namespace

Result<std::optional<StoredChallenge>> SqlStore::find_challenge(std::string_view room_id) {
    std::lock_guard lock(mutex_);
    return read_challenge(db(), room_id, std::nullopt);
}

Result<std::optional<StoredChallenge>> SqlStore::take_challenge(std::string_view room_id, std::string_view to_person) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status().error();
    auto found = read_challenge(db(), room_id, to_person);
    if (!found || !*found) return found;
    if (auto removed = db().run("DELETE FROM challenges WHERE room_id = $1", {room_id}); !removed) return removed.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return found;
}

Result<std::vector<PlayerStats>> SqlStore::stats_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.status().error();
    std::vector<PlayerStats> out;
    auto read = db().for_each_row(
        "SELECT rule_key, games, wins, tiles_placed, followers_used FROM player_stats WHERE person_id = $1"
        " ORDER BY rule_key",
        {person_id}, [&](const Statement& row) -> Status {
            out.push_back({.key = row.text(0),
                           .games = static_cast<int>(row.int64(1)),
                           .wins = static_cast<int>(row.int64(2)),
                           .tiles_placed = row.int64(3),
                           .followers_used = row.int64(4),
                           .points = {}});
            return {};
        });
    if (!read) return read.error();
    auto points = db().for_each_row(
        "SELECT rule_key, kind, points FROM player_points WHERE person_id = $1", {person_id},
        [&](const Statement& row) -> Status {
            const std::string key = row.text(0);
            for (PlayerStats& s : out)
                if (s.key == key) s.points[row.text(1)] = row.int64(2);
            return {};
        });
    if (!points) return points.error();
    return out;
}

Status SqlStore::count_stats_locked(const FinishedGame& game) {
    if (game.stats_key.empty()) return {};
    for (const SeatStats& seat : game.stats) {
        if (seat.person_id.empty()) continue;
        bool account = false;
        auto read = db().for_each_row("SELECT 1 FROM accounts WHERE person_id = $1", {seat.person_id},
                                      [&](const Statement&) -> Status {
                                          account = true;
                                          return {};
                                      });
        if (!read) return read;
        if (!account) continue;  // a guest's seat: nobody to count it for
        if (auto added = db().run(
                "INSERT INTO player_stats (person_id, rule_key, games, wins, tiles_placed, followers_used)"
                " VALUES ($1, $2, 1, $3, $4, $5) ON CONFLICT (person_id, rule_key) DO UPDATE SET"
                " games = player_stats.games + 1, wins = player_stats.wins + excluded.wins,"
                " tiles_placed = player_stats.tiles_placed + excluded.tiles_placed,"
                " followers_used = player_stats.followers_used + excluded.followers_used",
                {seat.person_id, game.stats_key, std::int64_t{seat.won ? 1 : 0}, std::int64_t{seat.tiles_placed},
                 std::int64_t{seat.followers_used}});
            !added)
            return added;
        // The game's own share too, so that voiding it can take the share back out.
        if (auto kept = db().run(
                "INSERT INTO game_seat_stats (game_id, seat, person_id, rule_key, won, tiles_placed, followers_used)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                {game.game_id, std::int64_t{seat.seat}, seat.person_id, game.stats_key,
                 std::int64_t{seat.won ? 1 : 0}, std::int64_t{seat.tiles_placed}, std::int64_t{seat.followers_used}});
            !kept)
            return kept;
        for (const auto& [kind, points] : seat.points) {
            if (auto kept = db().run(
                    "INSERT INTO game_seat_points (game_id, seat, kind, points) VALUES ($1, $2, $3, $4)",
                    {game.game_id, std::int64_t{seat.seat}, kind, std::int64_t{points}});
                !kept)
                return kept;
            if (auto added = db().run(
                    "INSERT INTO player_points (person_id, rule_key, kind, points) VALUES ($1, $2, $3, $4)"
                    " ON CONFLICT (person_id, rule_key, kind) DO UPDATE SET"
                    " points = player_points.points + excluded.points",
                    {seat.person_id, game.stats_key, kind, std::int64_t{points}});
                !added)
                return added;
        }
    }
    return {};
}

}  // namespace carc::storage
