// SqlStore: ratings per rating key and each rated game's change (rating_store.hpp). A game is
// rated inside the transaction that finishes it, which refuses a game already finished, so a
// rating is written once whatever node finishes the game. Every query is written once for
// both databases.
#include <cmath>
#include <map>
#include <stdexcept>

#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

namespace {

constexpr double billion = 1e9;

std::int64_t to_e9(double value) { return static_cast<std::int64_t>(std::llround(value * billion)); }
double from_e9(std::int64_t value) { return static_cast<double>(value) / billion; }

RatingValue value_at(const Statement& row, int first) {
    return {from_e9(row.int64(first)), from_e9(row.int64(first + 1)), from_e9(row.int64(first + 2))};
}

constexpr const char* rating_columns =
    "SELECT r.person_id, a.name, r.rating_key, r.rating_e9, r.rd_e9, r.volatility_e9, r.games, r.wins,"
    " r.last_game_ms FROM player_ratings r JOIN accounts a ON a.person_id = r.person_id ";

PlayerRating rating_from_row(const Statement& row) {
    return PlayerRating{.person_id = row.text(0),
                        .name = row.text(1),
                        .key = row.text(2),
                        .value = value_at(row, 3),
                        .games = static_cast<int>(row.int64(6)),
                        .wins = static_cast<int>(row.int64(7)),
                        .last_game_ms = row.int64(8)};
}

constexpr const char* change_columns =
    "SELECT game_id, rating_key, finished_at_ms, seat, person_id, name, bot_kind, place, resigned, won,"
    " rating_before_e9, rd_before_e9, volatility_before_e9, rating_after_e9, rd_after_e9, volatility_after_e9"
    " FROM rating_changes ";

RatedGameEntry change_from_row(const Statement& row) {
    RatedGameEntry entry{.game_id = row.text(0), .key = row.text(1), .finished_at_ms = row.int64(2), .change = {}};
    RatingChange& c = entry.change;
    c.seat = static_cast<int>(row.int64(3));
    if (!row.is_null(4)) c.person_id = row.text(4);
    c.name = row.text(5);
    c.bot_kind = row.text(6);
    c.place = static_cast<int>(row.int64(7));
    c.resigned = row.int64(8) != 0;
    c.won = row.int64(9) != 0;
    c.before = value_at(row, 10);
    c.after = value_at(row, 13);
    return entry;
}

}  // namespace

Status SqlStore::rate_game_locked(const std::string& game_id, TimeMs finished_at_ms, const RatedGame& rated) {
    if (!rated.rate) return {ErrorCode::invalid_argument, "a rated game without a model"};
    // Every person's seat must be an account's: otherwise the game is not rated (no error).
    std::map<std::string, std::string> names;
    for (const RatedSeat& seat : rated.seats) {
        if (seat.person_id.empty()) continue;
        auto read = db().for_each_row("SELECT name FROM accounts WHERE person_id = $1", {seat.person_id},
                                      [&](const Statement& row) -> Status {
                                          names[seat.person_id] = row.text(0);
                                          return {};
                                      });
        if (!read) return read;
        if (!names.contains(seat.person_id)) return {};
    }
    // Each account's row under the key, made (games 0: no rating yet) and locked first, so two
    // nodes rating two games of one player at once take turns (PostgreSQL's row lock).
    std::vector<SeatRatingInput> inputs;
    for (const RatedSeat& seat : rated.seats) {
        SeatRatingInput& in = inputs.emplace_back();
        in.seat = seat;
        if (seat.person_id.empty()) continue;
        if (auto made = db().run(
                "INSERT INTO player_ratings (person_id, rating_key, rating_e9, rd_e9, volatility_e9, games, wins,"
                " last_game_ms) VALUES ($1, $2, 0, 0, 0, 0, 0, 0) ON CONFLICT (person_id, rating_key)"
                " DO UPDATE SET games = player_ratings.games",
                {seat.person_id, rated.key});
            !made)
            return made;
        auto read = db().for_each_row(
            "SELECT rating_e9, rd_e9, volatility_e9, games, last_game_ms FROM player_ratings"
            " WHERE person_id = $1 AND rating_key = $2",
            {seat.person_id, rated.key}, [&](const Statement& row) -> Status {
                if (row.int64(3) == 0) return {};
                in.stored = value_at(row, 0);
                in.idle_seconds = static_cast<double>(std::max<TimeMs>(0, finished_at_ms - row.int64(4))) / 1000.0;
                return {};
            });
        if (!read) return read;
    }
    // How often each pair met in rated games under the key in the last day: repeated games count
    // less (the model decides how). A bot is identified by its kind.
    for (std::size_t i = 0; i < inputs.size(); ++i) inputs[i].recent_games_with.assign(inputs.size(), 0);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const RatedSeat& me = rated.seats[i];
        if (me.person_id.empty()) continue;
        for (std::size_t j = 0; j < inputs.size(); ++j) {
            const RatedSeat& other = rated.seats[j];
            if (j == i || (!other.person_id.empty() && j < i)) continue;  // each pair of accounts once
            const bool bot = other.person_id.empty();
            auto read = db().for_each_row(
                std::string("SELECT COUNT(DISTINCT a.game_id) FROM rating_changes a JOIN rating_changes b"
                            " ON b.game_id = a.game_id AND b.seat <> a.seat"
                            " WHERE a.person_id = $1 AND a.rating_key = $2 AND a.finished_at_ms > $3 AND ") +
                    (bot ? "b.person_id IS NULL AND b.bot_kind = $4" : "b.person_id = $4"),
                {me.person_id, rated.key, finished_at_ms - kRecentGamesWindowMs,
                 bot ? other.bot_kind : other.person_id},
                [&](const Statement& row) -> Status {
                    const int met = static_cast<int>(row.int64(0));
                    inputs[i].recent_games_with[j] = met;
                    inputs[j].recent_games_with[i] = met;
                    return {};
                });
            if (!read) return read;
        }
    }
    std::vector<RatingChange> changes;
    try {
        changes = rated.rate(inputs);
    } catch (const std::invalid_argument&) {
        changes.clear();
    }
    if (changes.size() != inputs.size()) {
        // Not rated after all: the rows made above for newcomers go again.
        return db().run("DELETE FROM player_ratings WHERE rating_key = $1 AND games = 0", {rated.key});
    }
    for (RatingChange& c : changes) {
        if (!c.person_id.empty()) {
            c.name = names[c.person_id];
            if (auto saved = db().run(
                    "UPDATE player_ratings SET rating_e9 = $1, rd_e9 = $2, volatility_e9 = $3, games = games + 1,"
                    " wins = wins + $4, last_game_ms = $5 WHERE person_id = $6 AND rating_key = $7",
                    {to_e9(c.after.rating), to_e9(c.after.rd), to_e9(c.after.volatility),
                     std::int64_t{c.won ? 1 : 0}, finished_at_ms, c.person_id, rated.key});
                !saved)
                return saved;
        }
        if (auto kept = db().run(
                "INSERT INTO rating_changes (game_id, seat, person_id, name, bot_kind, rating_key, finished_at_ms,"
                " place, resigned, won, rating_before_e9, rd_before_e9, volatility_before_e9, rating_after_e9,"
                " rd_after_e9, volatility_after_e9)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
                {game_id, std::int64_t{c.seat}, c.person_id.empty() ? sql::Param(sql::null) : sql::Param(c.person_id),
                 c.name, c.bot_kind, rated.key, finished_at_ms, std::int64_t{c.place},
                 std::int64_t{c.resigned ? 1 : 0}, std::int64_t{c.won ? 1 : 0}, to_e9(c.before.rating),
                 to_e9(c.before.rd), to_e9(c.before.volatility), to_e9(c.after.rating), to_e9(c.after.rd),
                 to_e9(c.after.volatility)});
            !kept)
            return kept;
    }
    return {};
}

Result<std::vector<PlayerRating>> SqlStore::ratings_of(std::string_view person_id) {
    std::lock_guard lock(mutex_);
    std::vector<PlayerRating> out;
    auto read = db().for_each_row(std::string(rating_columns) +
                                      "WHERE r.person_id = $1 AND r.games > 0 ORDER BY r.rating_key",
                                  {person_id}, [&](const Statement& row) -> Status {
                                      out.push_back(rating_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Result<std::vector<RatedGameEntry>> SqlStore::rating_history(std::string_view person_id, int limit) {
    std::lock_guard lock(mutex_);
    std::vector<RatedGameEntry> out;
    auto read = db().for_each_row(std::string(change_columns) +
                                      "WHERE person_id = $1 ORDER BY finished_at_ms DESC, game_id DESC LIMIT $2",
                                  {person_id, std::int64_t{limit}}, [&](const Statement& row) -> Status {
                                      out.push_back(change_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    std::reverse(out.begin(), out.end());
    return out;
}

Result<std::vector<HeadToHead>> SqlStore::head_to_head(std::string_view person_id, std::string_view opponent_id) {
    std::lock_guard lock(mutex_);
    std::map<std::string, HeadToHead> by_key;
    // A resigned seat is behind every finisher; two who resigned are level.
    const auto rank = [](const Statement& row, int place, int resigned) {
        return row.int64(resigned) != 0 ? std::int64_t{1} << 40 : row.int64(place);
    };
    auto read = db().for_each_row(
        "SELECT a.rating_key, a.place, a.resigned, b.place, b.resigned FROM rating_changes a"
        " JOIN rating_changes b ON b.game_id = a.game_id WHERE a.person_id = $1 AND b.person_id = $2",
        {person_id, opponent_id}, [&](const Statement& row) -> Status {
            HeadToHead& h = by_key[row.text(0)];
            h.key = row.text(0);
            ++h.games;
            const std::int64_t mine = rank(row, 1, 2);
            const std::int64_t theirs = rank(row, 3, 4);
            if (mine < theirs) ++h.wins;
            else if (mine > theirs) ++h.losses;
            else ++h.draws;
            return {};
        });
    if (!read) return read.error();
    std::vector<HeadToHead> out;
    for (auto& [key, h] : by_key) out.push_back(std::move(h));
    return out;
}

Result<std::vector<PlayerRating>> SqlStore::leaderboard_candidates(std::string_view key, int min_games,
                                                                   double max_rd) {
    std::lock_guard lock(mutex_);
    std::vector<PlayerRating> out;
    auto read = db().for_each_row(std::string(rating_columns) +
                                      "WHERE r.rating_key = $1 AND r.games >= $2 AND r.rd_e9 <= $3"
                                      // Bots' seats: games against bots alone do not count
                                      // toward the minimum (docs/ratings.md, "Fair play").
                                      " AND (SELECT COUNT(DISTINCT mine.game_id) FROM rating_changes mine"
                                      " JOIN rating_changes theirs ON theirs.game_id = mine.game_id"
                                      " AND theirs.seat <> mine.seat AND theirs.person_id IS NOT NULL"
                                      " WHERE mine.person_id = r.person_id AND mine.rating_key = r.rating_key) >= $2"
                                      " ORDER BY r.rating_e9 DESC, r.person_id",
                                  {key, std::int64_t{std::max(1, min_games)}, to_e9(max_rd)},
                                  [&](const Statement& row) -> Status {
                                      out.push_back(rating_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Result<std::vector<RatingChange>> SqlStore::game_rating(std::string_view game_id) {
    std::lock_guard lock(mutex_);
    std::vector<RatingChange> out;
    auto read = db().for_each_row(std::string(change_columns) + "WHERE game_id = $1 ORDER BY seat", {game_id},
                                  [&](const Statement& row) -> Status {
                                      out.push_back(change_from_row(row).change);
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

}  // namespace carc::storage
