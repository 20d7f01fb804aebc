#include "http/http_ratings.hpp"

#include <spdlog/spdlog.h>

#include "http/http_friends.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "ratings/ratings_json.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

http_answer json_answer(const http_request& request, const ratings::ratings_answer& a, std::string_view path) {
    if (a.status == 503) spdlog::error("event=ratings_store_failed path={}", std::string(path));
    return json_text_response(request, a.body.dump(), static_cast<http::status>(a.status));
}

}  // namespace

void add_ratings_routes(route_table& routes, accounts::account_service& accounts, storage::RatingStore& store,
                        storage::FriendStore* friends) {
    using http::verb;
    routes.add({verb::get, "/api/leaderboard", answer_with([&store](const route_call& rc) {
                    const auto rules = rc.query_value("rules");
                    if (!rules)
                        return json_answer(rc.request,
                                           {400, {{"error", "bad_rules"},
                                                  {"message", "rules: a rating key, e.g. ?rules=carcassonne"}}},
                                           rc.path);
                    return json_answer(rc.request, ratings::leaderboard(store, *rules, unix_ms()), rc.path);
                })});
    routes.add({verb::get, "/api/games/{id}/rating", answer_with([&store](const route_call& rc) {
                    return json_answer(rc.request, ratings::game_rating_answer(store, rc.param("id")), rc.path);
                })});
    routes.add({verb::get, "/api/players/{name}", answer_with([&accounts, &store, friends](const route_call& rc) {
                    const std::string& name = rc.param("name");
                    if (name.size() > 200)
                        return json_answer(rc.request,
                                           {400, {{"error", "bad_path"}, {"message", "the path is /api/players/NAME"}}},
                                           rc.path);
                    std::optional<std::string> vs = rc.query_value("vs");
                    std::optional<std::string_view> opponent;
                    if (vs && !vs->empty()) opponent = *vs;
                    ratings::ratings_answer profile =
                        ratings::player_profile(accounts.store(), store, name, opponent, unix_ms());
                    if (profile.status == 200 && !add_profile_stats(friends, accounts, name, profile.body))
                        profile = {503, {{"error", "store_failed"}, {"message", "the store is not available; try again"}}};
                    return json_answer(rc.request, profile, rc.path);
                })});
}

}  // namespace carc::server
