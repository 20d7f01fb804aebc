#include "http/http_ratings.hpp"

#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "http/http_friends.hpp"
#include "http/http_routes.hpp"
#include "ratings/ratings_json.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

constexpr std::string_view players_path = "/api/players/";
constexpr std::string_view leaderboard_path = "/api/leaderboard";
constexpr std::string_view games_path = "/api/games/";
constexpr std::string_view rating_suffix = "/rating";

// The decoded value of `name` in a query string; nullopt when absent or malformed.
std::optional<std::string> query_value(std::string_view query, std::string_view name) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name) return percent_decoded(pair.substr(eq + 1));
    }
    return std::nullopt;
}

bool is_game_rating_path(std::string_view path) {
    return path.starts_with(games_path) && path.ends_with(rating_suffix) &&
           path.size() > games_path.size() + rating_suffix.size() &&
           path.substr(games_path.size(), path.size() - games_path.size() - rating_suffix.size()).find('/') ==
               std::string_view::npos;
}

ratings::ratings_answer answer(shared_state& state, std::string_view path, std::string_view query) {
    auto* store = dynamic_cast<storage::RatingStore*>(state.store.get());
    if (!store || !state.accounts)
        return {404, {{"error", "no_ratings"}, {"message", "this server keeps no ratings (it has no store)"}}};
    if (path == leaderboard_path) {
        const auto rules = query_value(query, "rules");
        if (!rules) return {400, {{"error", "bad_rules"}, {"message", "rules: a rating key, e.g. ?rules=carcassonne"}}};
        return ratings::leaderboard(*store, *rules, unix_ms());
    }
    if (is_game_rating_path(path)) {
        const auto id = percent_decoded(path.substr(games_path.size(), path.size() - games_path.size() - rating_suffix.size()));
        if (!id) return {400, {{"error", "bad_path"}, {"message", "a malformed game id"}}};
        return ratings::game_rating_answer(*store, *id);
    }
    const auto name = percent_decoded(path.substr(players_path.size()));
    if (!name || name->empty() || name->size() > 200)
        return {400, {{"error", "bad_path"}, {"message", "the path is /api/players/NAME"}}};
    std::optional<std::string> vs = query_value(query, "vs");
    std::optional<std::string_view> opponent;
    if (vs && !vs->empty()) opponent = *vs;
    ratings::ratings_answer profile = ratings::player_profile(state.accounts->store(), *store, *name, opponent, unix_ms());
    if (profile.status == 200 && !add_profile_stats(state, *name, profile.body))
        return {503, {{"error", "store_failed"}, {"message", "the store is not available; try again"}}};
    return profile;
}

}  // namespace

bool is_ratings_path(std::string_view path) {
    return path == leaderboard_path || (path.starts_with(players_path) && path.size() > players_path.size()) ||
           is_game_rating_path(path);
}

void answer_ratings_request(shared_state& state, http_request request, std::function<void(http_answer)> done) {
    if (request.method() != http::verb::get && request.method() != http::verb::head) {
        done(json_error_response(request, http::status::method_not_allowed, "method", "only GET"));
        return;
    }
    if (!state.accounts) {
        done(json_error_response(request, http::status::not_found, "no_ratings", "this server keeps no ratings"));
        return;
    }
    state.accounts->post([&state, request = std::move(request), done = std::move(done)] {
        const std::string_view target(request.target().data(), request.target().size());
        const auto mark = target.find('?');
        const std::string_view path = target.substr(0, mark);
        const std::string_view query = mark == std::string_view::npos ? std::string_view() : target.substr(mark + 1);
        ratings::ratings_answer a = answer(state, path, query);
        if (a.status == 503) spdlog::error("event=ratings_store_failed path={}", std::string(path));
        done(json_text_response(request, a.body.dump(), static_cast<http::status>(a.status)));
    });
}

}  // namespace carc::server
