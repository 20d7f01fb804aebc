// SqlStore: voiding finished games (rating_store.hpp, docs/ratings.md "Voided games"). A voided
// game's record stays and is marked; its rating changes go and its statistics leave the totals.
// Every rated game under the same rating key finished from the first voided one on is rated
// again in order, from the rows rating_changes keeps (each seat's account or bot, place and
// forfeit), with the inputs the store gave the model when it was finished: each account's
// rating as stored (in billionths), its idle time, and the games each pair shared in the day
// before. So the ratings equal those of a store where the voided games were never played.
// Every query is written once for both databases.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

namespace {

std::int64_t to_e9(double value) { return static_cast<std::int64_t>(std::llround(value * 1e9)); }
double from_e9(std::int64_t value) { return static_cast<double>(value) / 1e9; }

// One seat of a rated game as rating_changes keeps it.
struct kept_seat {
    RatedSeat seat;
    std::int64_t before[3] = {0, 0, 0};  // billionths: rating, rd, volatility
    std::int64_t after[3] = {0, 0, 0};
    bool won = false;
};

struct kept_game {
    std::string game_id;
    TimeMs finished_at_ms = 0;
    std::vector<kept_seat> seats;
    bool met(std::string_view person_id, const RatedSeat& other) const {
        for (const kept_seat& a : seats) {
            if (a.seat.person_id != person_id) continue;
            for (const kept_seat& b : seats) {
                if (b.seat.seat == a.seat.seat) continue;
                if (other.person_id.empty() ? b.seat.person_id.empty() && b.seat.bot_kind == other.bot_kind
                                            : b.seat.person_id == other.person_id)
                    return true;
            }
        }
        return false;
    }
};

// An account's rating under the key as the replay goes (player_ratings' columns).
struct account_state {
    std::int64_t value[3] = {0, 0, 0};
    int games = 0;
    int wins = 0;
    TimeMs last_game_ms = 0;
};

}  // namespace

Result<std::vector<std::string>> SqlStore::rated_games_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    auto read = db().for_each_row(
        "SELECT game_id FROM rating_changes WHERE person_id = $1 GROUP BY game_id"
        " ORDER BY MIN(finished_at_ms), game_id",
        {person_id}, [&](const Statement& row) -> Status {
            out.push_back(row.text(0));
            return {};
        });
    if (!read) return read.error();
    return out;
}

Result<VoidOutcome> SqlStore::void_games(const std::vector<std::string>& game_ids, const RatingModel& model,
                                         const AuditEntry& audit) {
    if (!model) return Error{ErrorCode::invalid_argument, "voiding needs the rating model"};
    if (game_ids.empty()) return Error{ErrorCode::invalid_argument, "no game to void"};
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status().error();
    VoidOutcome outcome;
    std::map<std::string, TimeMs> rerate_from;                 // per rating key
    std::map<std::string, std::set<std::string>> voided_seats; // per rating key: the accounts
    for (const std::string& id : game_ids) {
        if (std::ranges::find(outcome.voided, id) != outcome.voided.end()) continue;
        bool found = false;
        bool voided = false;
        auto read = db().for_each_row("SELECT voided_at_ms FROM games WHERE game_id = $1", {id},
                                      [&](const Statement& row) -> Status {
                                          found = true;
                                          voided = !row.is_null(0);
                                          return {};
                                      });
        if (!read) return read.error();
        if (!found) return Error{ErrorCode::not_found, "no finished game '" + id + "'"};
        if (voided) return Error{ErrorCode::already_exists, "game '" + id + "' is voided already"};
        auto seats = db().for_each_row(
            "SELECT rating_key, finished_at_ms, person_id FROM rating_changes WHERE game_id = $1", {id},
            [&](const Statement& row) -> Status {
                const std::string key = row.text(0);
                const TimeMs at = row.int64(1);
                auto [it, made] = rerate_from.try_emplace(key, at);
                if (!made) it->second = std::min(it->second, at);
                if (!row.is_null(2)) voided_seats[key].insert(row.text(2));
                return {};
            });
        if (!seats) return seats.error();
        if (auto marked = db().run("UPDATE games SET voided_at_ms = $1 WHERE game_id = $2", {audit.time_ms, id}); !marked)
            return marked.error();
        if (auto uncounted = uncount_stats_locked(id); !uncounted) return uncounted.error();
        if (auto gone = db().run("DELETE FROM rating_changes WHERE game_id = $1", {id}); !gone) return gone.error();
        outcome.voided.push_back(id);
    }
    for (const auto& [key, from_ms] : rerate_from) {
        // The accounts of the voided games go back to their rating before them even when they
        // played nothing later under the key.
        for (const std::string& person : voided_seats[key])
            if (auto touched = db().run("UPDATE player_ratings SET last_game_ms = -1 WHERE person_id = $1"
                                        " AND rating_key = $2",
                                        {person, key});
                !touched)
                return touched.error();
        auto rerated = rerate_from_locked(key, from_ms, model);
        if (!rerated) return rerated.error();
        outcome.rerated += *rerated;
    }
    if (auto logged = db().run(
            "INSERT INTO moderation_log (operator, action, target, detail, reason, time_ms)"
            " VALUES ($1, $2, $3, $4, $5, $6)",
            {audit.operator_name, audit.action, audit.target, audit.detail, audit.reason, audit.time_ms});
        !logged)
        return logged.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return outcome;
}

Status SqlStore::uncount_stats_locked(const std::string& game_id) {
    struct share {
        std::string person_id, key;
        std::int64_t won = 0, tiles = 0, followers = 0;
        int seat = 0;
    };
    std::vector<share> shares;
    auto read = db().for_each_row(
        "SELECT person_id, rule_key, won, tiles_placed, followers_used, seat FROM game_seat_stats WHERE game_id = $1",
        {game_id}, [&](const Statement& row) -> Status {
            shares.push_back({row.text(0), row.text(1), row.int64(2), row.int64(3), row.int64(4),
                              static_cast<int>(row.int64(5))});
            return {};
        });
    if (!read) return read;
    for (const share& s : shares) {
        if (auto taken = db().run(
                "UPDATE player_stats SET games = games - 1, wins = wins - $1, tiles_placed = tiles_placed - $2,"
                " followers_used = followers_used - $3 WHERE person_id = $4 AND rule_key = $5",
                {s.won, s.tiles, s.followers, s.person_id, s.key});
            !taken)
            return taken;
        if (auto taken = db().run(
                "UPDATE player_points SET points = points - (SELECT p.points FROM game_seat_points p"
                " WHERE p.game_id = $1 AND p.seat = $2 AND p.kind = player_points.kind)"
                " WHERE person_id = $3 AND rule_key = $4 AND kind IN"
                " (SELECT kind FROM game_seat_points WHERE game_id = $1 AND seat = $2)",
                {game_id, std::int64_t{s.seat}, s.person_id, s.key});
            !taken)
            return taken;
        // A key with no game left is no statistic at all (as before its first game).
        for (const char* sql : {"DELETE FROM player_points WHERE person_id = $1 AND rule_key = $2 AND NOT EXISTS"
                                " (SELECT 1 FROM player_stats s WHERE s.person_id = $1 AND s.rule_key = $2"
                                " AND s.games > 0)",
                                "DELETE FROM player_stats WHERE person_id = $1 AND rule_key = $2 AND games = 0"})
            if (auto emptied = db().run(sql, {s.person_id, s.key}); !emptied) return emptied;
    }
    if (auto gone = db().run("DELETE FROM game_seat_points WHERE game_id = $1", {game_id}); !gone) return gone;
    return db().run("DELETE FROM game_seat_stats WHERE game_id = $1", {game_id});
}

Result<int> SqlStore::rerate_from_locked(const std::string& key, TimeMs from_ms, const RatingModel& model) {
    // Every account's row under the key locked first: a game finishing at another node meanwhile
    // waits, then rates itself from the ratings written here (PostgreSQL's row locks).
    if (auto locked = db().run("UPDATE player_ratings SET games = games WHERE rating_key = $1", {key}); !locked)
        return locked.error();
    // The games that count, from a day before the first voided one (for the games pairs shared).
    std::vector<kept_game> games;
    auto read = db().for_each_row(
        "SELECT game_id, finished_at_ms, seat, person_id, bot_kind, place, resigned, won, rating_before_e9,"
        " rd_before_e9, volatility_before_e9, rating_after_e9, rd_after_e9, volatility_after_e9"
        " FROM rating_changes WHERE rating_key = $1 AND finished_at_ms > $2 ORDER BY finished_at_ms, game_id, seat",
        {key, from_ms - kRecentGamesWindowMs}, [&](const Statement& row) -> Status {
            if (games.empty() || games.back().game_id != row.text(0))
                games.push_back({.game_id = row.text(0), .finished_at_ms = row.int64(1), .seats = {}});
            kept_seat& s = games.back().seats.emplace_back();
            s.seat.seat = static_cast<int>(row.int64(2));
            if (!row.is_null(3)) s.seat.person_id = row.text(3);
            s.seat.bot_kind = row.text(4);
            s.seat.place = static_cast<int>(row.int64(5));
            s.seat.resigned = row.int64(6) != 0;
            s.won = row.int64(7) != 0;
            for (int i = 0; i < 3; ++i) {
                s.before[i] = row.int64(8 + i);
                s.after[i] = row.int64(11 + i);
            }
            return {};
        });
    if (!read) return read.error();

    // Each account of a game to rate again, and each account of a voided game (its row marked
    // last_game_ms = -1 above), starts from its state before `from_ms`.
    std::set<std::string> people;
    for (const kept_game& g : games)
        if (g.finished_at_ms >= from_ms)
            for (const kept_seat& s : g.seats)
                if (!s.seat.person_id.empty()) people.insert(s.seat.person_id);
    auto marked = db().for_each_row("SELECT person_id FROM player_ratings WHERE rating_key = $1 AND last_game_ms = -1",
                                    {key}, [&](const Statement& row) -> Status {
                                        people.insert(row.text(0));
                                        return {};
                                    });
    if (!marked) return marked.error();
    std::map<std::string, account_state> state;
    for (const std::string& person : people) {
        account_state& a = state[person];
        auto counted = db().for_each_row(
            "SELECT COUNT(*), COALESCE(SUM(won), 0) FROM rating_changes"
            " WHERE person_id = $1 AND rating_key = $2 AND finished_at_ms < $3",
            {person, key, from_ms}, [&](const Statement& row) -> Status {
                a.games = static_cast<int>(row.int64(0));
                a.wins = static_cast<int>(row.int64(1));
                return {};
            });
        if (!counted) return counted.error();
        auto last = db().for_each_row(
            "SELECT rating_after_e9, rd_after_e9, volatility_after_e9, finished_at_ms FROM rating_changes"
            " WHERE person_id = $1 AND rating_key = $2 AND finished_at_ms < $3"
            " ORDER BY finished_at_ms DESC, game_id DESC LIMIT 1",
            {person, key, from_ms}, [&](const Statement& row) -> Status {
                for (int i = 0; i < 3; ++i) a.value[i] = row.int64(i);
                a.last_game_ms = row.int64(3);
                return {};
            });
        if (!last) return last.error();
    }

    int rerated = 0;
    for (std::size_t g = 0; g < games.size(); ++g) {
        kept_game& game = games[g];
        if (game.finished_at_ms < from_ms) continue;
        const std::size_t n = game.seats.size();
        std::vector<SeatRatingInput> inputs(n);
        for (std::size_t i = 0; i < n; ++i) {
            SeatRatingInput& in = inputs[i];
            in.seat = game.seats[i].seat;
            in.recent_games_with.assign(n, 0);
            if (in.seat.person_id.empty()) continue;
            const account_state& a = state[in.seat.person_id];
            if (a.games == 0) continue;
            in.stored = RatingValue{from_e9(a.value[0]), from_e9(a.value[1]), from_e9(a.value[2])};
            in.idle_seconds = static_cast<double>(std::max<TimeMs>(0, game.finished_at_ms - a.last_game_ms)) / 1000.0;
        }
        // The rated games each pair shared in the day before, among those that count and came
        // before this one; between two bots, none.
        for (std::size_t i = 0; i < n; ++i) {
            const RatedSeat& me = game.seats[i].seat;
            if (me.person_id.empty()) continue;
            for (std::size_t j = 0; j < n; ++j) {
                const RatedSeat& other = game.seats[j].seat;
                if (j == i || (!other.person_id.empty() && j < i)) continue;
                int met = 0;
                for (std::size_t q = 0; q < g; ++q)
                    if (games[q].finished_at_ms > game.finished_at_ms - kRecentGamesWindowMs &&
                        games[q].met(me.person_id, other))
                        ++met;
                inputs[i].recent_games_with[j] = met;
                inputs[j].recent_games_with[i] = met;
            }
        }
        std::vector<RatingChange> changes;
        try {
            changes = model(inputs);
        } catch (const std::invalid_argument&) {
            changes.clear();
        }
        ++rerated;
        if (changes.size() != n) {
            // Not rated any more (as it would not have been): it no longer counts either.
            if (auto gone = db().run("DELETE FROM rating_changes WHERE game_id = $1", {game.game_id}); !gone)
                return gone.error();
            game.seats.clear();
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            kept_seat& s = game.seats[i];
            const RatingChange& c = changes[i];
            const std::int64_t before[3] = {to_e9(c.before.rating), to_e9(c.before.rd), to_e9(c.before.volatility)};
            const std::int64_t after[3] = {to_e9(c.after.rating), to_e9(c.after.rd), to_e9(c.after.volatility)};
            if (!std::equal(before, before + 3, s.before) || !std::equal(after, after + 3, s.after) ||
                c.won != s.won || c.place != s.seat.place) {
                if (auto saved = db().run(
                        "UPDATE rating_changes SET place = $1, won = $2, rating_before_e9 = $3, rd_before_e9 = $4,"
                        " volatility_before_e9 = $5, rating_after_e9 = $6, rd_after_e9 = $7, volatility_after_e9 = $8"
                        " WHERE game_id = $9 AND seat = $10",
                        {std::int64_t{c.place}, std::int64_t{c.won ? 1 : 0}, before[0], before[1], before[2], after[0],
                         after[1], after[2], game.game_id, std::int64_t{s.seat.seat}});
                    !saved)
                    return saved.error();
            }
            if (s.seat.person_id.empty()) continue;
            account_state& a = state[s.seat.person_id];
            std::copy(after, after + 3, a.value);
            ++a.games;
            a.wins += c.won ? 1 : 0;
            a.last_game_ms = game.finished_at_ms;
        }
    }

    // Each account's row as the replay left it; one with no game left goes (no rating yet). A
    // deleted account has no row, and gets none.
    for (const auto& [person, a] : state) {
        const Status saved =
            a.games == 0
                ? db().run("DELETE FROM player_ratings WHERE person_id = $1 AND rating_key = $2", {person, key})
                : db().run("UPDATE player_ratings SET rating_e9 = $1, rd_e9 = $2, volatility_e9 = $3, games = $4,"
                           " wins = $5, last_game_ms = $6 WHERE person_id = $7 AND rating_key = $8",
                           {a.value[0], a.value[1], a.value[2], std::int64_t{a.games}, std::int64_t{a.wins},
                            a.last_game_ms, person, key});
        if (!saved) return saved.error();
    }
    return rerated;
}

}  // namespace carc::storage
