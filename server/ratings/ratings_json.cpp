#include "ratings/ratings_json.hpp"

#include <algorithm>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "carc/competition/leaderboard.hpp"
#include "carc/protocol/settings.hpp"
#include "ratings/bot_ratings.hpp"
#include "ratings/rating_key.hpp"

namespace carc::server::ratings {

namespace st = carc::storage;
namespace cm = carc::competition;
using nlohmann::json;

namespace {

ratings_answer refusal(int status, std::string code, std::string message) {
    return {status, {{"error", std::move(code)}, {"message", std::move(message)}}};
}
ratings_answer store_failed() { return refusal(503, "store_failed", "the store is not available; try again"); }

cm::Rating to_rating(const st::RatingValue& v) { return {v.rating, v.rd, v.volatility}; }

// A rating as it stands at `now_ms`: RD widened by the rating periods since the last rated game
// (Glicko-2's idle step), the stored RD kept as rd_at_last_game. What the next game would start
// from, so the profile and the leaderboard say how uncertain the rating is now.
json rating_json(const st::PlayerRating& r, st::TimeMs now_ms) {
    const double idle = static_cast<double>(std::max<st::TimeMs>(0, now_ms - r.last_game_ms)) / 1000.0;
    const cm::Rating now = cm::after_idle_periods(to_rating(r.value), cm::rating_periods(idle));
    json out = value_json(r.value);
    out["rd"] = now.rd;
    out["rd_at_last_game"] = r.value.rd;
    out["key"] = r.key;
    out["provisional"] = cm::is_provisional(now);
    out["games"] = r.games;
    out["wins"] = r.wins;
    out["last_game_ms"] = r.last_game_ms;
    return out;
}

json change_json(const st::RatingChange& c) {
    json out = {{"seat", c.seat},        {"name", c.name},   {"place", c.place},
                {"resigned", c.resigned}, {"won", c.won},     {"before", value_json(c.before)},
                {"after", value_json(c.after)}};
    if (!c.bot_kind.empty()) out["bot"] = c.bot_kind;
    return out;
}

}  // namespace

json value_json(const st::RatingValue& value) {
    return {{"rating", value.rating}, {"rd", value.rd}, {"volatility", value.volatility}};
}

ratings_answer player_profile(st::AccountStore& accounts, st::RatingStore& ratings, std::string_view name,
                              std::optional<std::string_view> opponent, st::TimeMs now_ms) {
    auto account = accounts::account_named(accounts, name);
    if (!account) return store_failed();
    if (!*account) return refusal(404, "no_such_player", "there is no account of that name");
    const std::string& me = (*account)->person_id;
    auto mine = ratings.ratings_of(me);
    auto history = ratings.rating_history(me, kHistoryLimit);
    if (!mine || !history) return store_failed();
    json body = {{"name", (*account)->name}, {"ratings", json::array()}, {"history", json::array()}};
    for (const st::PlayerRating& r : *mine) body["ratings"].push_back(rating_json(r, now_ms));
    for (const st::RatedGameEntry& e : *history) {
        body["history"].push_back({{"game", e.game_id},
                                   {"key", e.key},
                                   {"finished_at_ms", e.finished_at_ms},
                                   {"rating", e.change.after.rating},
                                   {"rd", e.change.after.rd},
                                   {"change", e.change.after.rating - e.change.before.rating},
                                   {"place", e.change.place},
                                   {"won", e.change.won}});
    }
    if (opponent) {
        auto other = accounts::account_named(accounts, *opponent);
        if (!other) return store_failed();
        if (!*other) return refusal(404, "no_such_player", "there is no account named as the opponent");
        auto h2h = ratings.head_to_head(me, (*other)->person_id);
        if (!h2h) return store_failed();
        json results = json::array();
        for (const st::HeadToHead& h : *h2h)
            results.push_back({{"key", h.key}, {"games", h.games}, {"wins", h.wins}, {"losses", h.losses},
                               {"draws", h.draws}});
        body["head_to_head"] = {{"opponent", (*other)->name}, {"results", std::move(results)}};
    }
    return {200, std::move(body)};
}

ratings_answer leaderboard(st::RatingStore& ratings, std::string_view key, st::TimeMs now_ms) {
    if (!is_rating_key(key))
        return refusal(400, "bad_rules", "rules: a rating key such as carcassonne, carcassonne+tower, castle");
    auto candidates = ratings.leaderboard_candidates(key, cm::kLeaderboardMinGames, cm::kLeaderboardMaxRd);
    if (!candidates) return store_failed();
    json players = json::array();
    for (const st::PlayerRating& r : *candidates) {
        const double idle = static_cast<double>(std::max<st::TimeMs>(0, now_ms - r.last_game_ms)) / 1000.0;
        if (!cm::leaderboard_eligible(to_rating(r.value), r.games, idle)) continue;
        json row = rating_json(r, now_ms);
        row["name"] = r.name;
        row["rank"] = players.size() + 1;
        players.push_back(std::move(row));
        if (players.size() >= static_cast<std::size_t>(kLeaderboardLimit)) break;
    }
    json bots = json::array();
    for (const BotKind kind : bot_kinds_by_strength) {  // the ladder, weakest first
        bots.push_back({{"bot", std::string(protocol::to_string(kind))}, {"name", bot_display_name(kind)},
                        {"rating", bot_rating(kind).rating}});
    }
    return {200,
            {{"rules", std::string(key)},
             {"max_rd", cm::kLeaderboardMaxRd},
             {"min_games", cm::kLeaderboardMinGames},
             {"players", std::move(players)},
             {"bots", std::move(bots)}}};
}

ratings_answer game_rating_answer(st::RatingStore& ratings, std::string_view game_id) {
    auto changes = ratings.game_rating(game_id);
    if (!changes) return store_failed();
    if (changes->empty()) return refusal(404, "not_rated", "no rated game of that id");
    json seats = json::array();
    for (const st::RatingChange& c : *changes) seats.push_back(change_json(c));
    return {200, {{"game", std::string(game_id)}, {"changes", std::move(seats)}}};
}

}  // namespace carc::server::ratings
