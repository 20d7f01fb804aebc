#include "http/http_reviews.hpp"

#include "accounts/account_service.hpp"
#include "http/http_accounts.hpp"
#include "http/http_games.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "reviews/review_service.hpp"
#include "util/text.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

http_answer reply_of(const http_request& request, const review_service::answer& a) {
    http_answer res = json_text_response(request, a.body.dump(), static_cast<http::status>(a.status));
    if (a.retry_after_s) res.set(http::field::retry_after, std::to_string(*a.retry_after_s));
    return res;
}

http_answer refused(const http_request& request, http::status status, const char* code, std::string message) {
    return json_error_response(request, status, code, std::move(message));
}

// The strength asked for: the body's "strength", else the query's, else the default; nullopt
// (and `error` set) when it names no search bot or the body is not a JSON object.
std::optional<std::string> strength_of(const route_call& rc, http_answer* error) {
    std::optional<std::string> named = rc.query_value("strength");
    if (!rc.request.body().empty()) {
        const json body = json::parse(rc.request.body(), nullptr, false);
        if (!body.is_object()) {
            *error = refused(rc.request, http::status::bad_request, "bad_json", "the body is not a JSON object");
            return std::nullopt;
        }
        if (body.contains("strength")) {
            if (!body["strength"].is_string()) {
                *error = refused(rc.request, http::status::bad_request, "bad_strength",
                                 "strength is easy, medium or hard");
                return std::nullopt;
            }
            named = body["strength"].get<std::string>();
        }
    }
    std::string strength = named.value_or(std::string(review_service::default_strength));
    if (!review_service::valid_strength(strength)) {
        *error = refused(rc.request, http::status::bad_request, "bad_strength",
                         "strength is easy, medium or hard, not " + strength.substr(0, 40));
        return std::nullopt;
    }
    return strength;
}

// Who asks, for the limits: a signed-in account, else the address (a guest).
std::string requester_of(accounts::account_service* accounts, const route_call& rc) {
    if (accounts)
        if (const auto secret = presented_secret(rc.request))
            if (const auto me = accounts->resolve(*secret)) return "account:" + me->account.person_id;
    return "address:" + rc.address;
}

void ask(accounts::account_service* accounts, const game_sources& games, review_service& reviews, const route_call& rc,
         http_reply reply) {
    http_answer error;
    const auto strength = strength_of(rc, &error);
    if (!strength) return reply(std::move(error));
    const std::string& id = rc.param("id");
    if (id.empty() || id.size() > 64) return reply(refused(rc.request, http::status::not_found, "not_found", "no such game"));
    // Whoever may read the game's record may ask for its review, once the game is over.
    const games_answer game = answer_games_request(games, "/api/games/" + id, {});
    if (game.status != http::status::ok) return reply(json_text_response(rc.request, game.body, game.status));
    if (game.game != game_state::finished)
        return reply(refused(rc.request, http::status::conflict, "game_not_finished",
                             "the game is still being played: a review is for a finished game"));
    // A game that has just ended may still be on its way to the store the job reads it from.
    auto stored = games.stores.games->get_game(id);
    if (!stored || !stored->has_value()) {
        http_answer later = refused(rc.request, http::status::service_unavailable, "record_not_stored",
                                    "the game's record is being stored; try again in a moment");
        later.set(http::field::retry_after, "1");
        return reply(std::move(later));
    }
    reply(reply_of(rc.request, reviews.ask(id, *strength, requester_of(accounts, rc))));
}

void look(review_service& reviews, const route_call& rc, http_reply reply) {
    http_answer error;
    const auto strength = strength_of(rc, &error);
    if (!strength) return reply(std::move(error));
    reply(reply_of(rc.request, reviews.look(rc.param("id"), *strength)));
}

}  // namespace

void add_review_routes(route_table& routes, accounts::account_service* accounts, const game_sources& games,
                       review_service& reviews) {
    routes.add({http::verb::post, "/api/games/{id}/review", [accounts, games, &reviews](const route_call& rc, http_reply reply) {
                    ask(accounts, games, reviews, rc, std::move(reply));
                }});
    routes.add({http::verb::get, "/api/games/{id}/review", [&reviews](const route_call& rc, http_reply reply) {
                    look(reviews, rc, std::move(reply));
                }});
}

}  // namespace carc::server
