#include "http/http_tournaments.hpp"

#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "http/http_routes.hpp"
#include "tournaments/tournament_requests.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;
namespace tn = tournaments;

namespace {

constexpr std::string_view base = "/api/tournaments";

tn::answer refusal(int status, std::string code, std::string message) {
    return {status, {{"error", std::move(code)}, {"message", std::move(message)}}};
}

// The signed-in account, or the refusal to send instead.
std::variant<accounts::signed_in, tn::answer> account_of(shared_state& state, const http_request& request) {
    const auto secret = presented_secret(request);
    if (!secret) return refusal(401, "not_signed_in", "sign in first: tournaments are for accounts");
    auto me = state.accounts->resolve(*secret);
    if (!me) return refusal(401, "unknown_session", "unknown session; sign in again");
    return std::move(*me);
}

tn::answer route(shared_state& state, const http_request& request, std::string_view path) {
    tn::tournament_service& service = *state.tournaments;
    const bool read_method = request.method() == http::verb::get || request.method() == http::verb::head;
    const bool post = request.method() == http::verb::post;
    // "", "/ID" or "/ID/ACTION"
    const std::string_view rest = path.substr(base.size());
    const auto slash = rest.size() > 1 ? rest.find('/', 1) : std::string_view::npos;
    const std::string id(rest.empty() ? std::string_view() : rest.substr(1, slash == std::string_view::npos ? rest.npos : slash - 1));
    const std::string_view action = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    if (rest.empty() && read_method) return tn::list(service);
    if (!read_method && !post) return refusal(405, "method_not_allowed", "GET or POST");
    if (!id.empty() && action.empty() && read_method) return tn::read(state, service, id);
    if (!post) return refusal(405, "method_not_allowed", "POST here");
    if (auto refused = cross_site_refusal(state, request)) return refusal(403, "cross_site", *refused);
    auto me = account_of(state, request);
    if (auto* refused = std::get_if<tn::answer>(&me)) return *refused;
    const auto& account = std::get<accounts::signed_in>(me);
    if (rest.empty()) {
        const json body = json::parse(request.body(), nullptr, false);
        if (body.is_discarded() || !body.is_object()) return refusal(400, "bad_json", "the body must be one JSON object");
        return tn::create(state, service, account, body);
    }
    if (action == "join") return tn::join(state, service, account, id);
    if (action == "withdraw") return tn::withdraw(service, account, id);
    if (action == "start") return tn::start(service, account, id);
    return refusal(404, "not_found", "no such resource");
}

}  // namespace

bool is_tournaments_path(std::string_view path) { return path == base || path.starts_with(std::string(base) + "/"); }

void answer_tournaments_request(shared_state& state, http_request request, std::function<void(http_answer)> done) {
    if (!state.accounts || !state.tournaments) {
        done(json_error_response(request, http::status::not_found, "no_tournaments", "tournaments need a store with accounts"));
        return;
    }
    state.accounts->post([&state, request = std::move(request), done = std::move(done)] {
        const std::string_view target(request.target().data(), request.target().size());
        const std::string_view path = target.substr(0, target.find('?'));
        tn::answer a;
        try {
            a = route(state, request, path);
        } catch (const json::exception& e) {
            a = refusal(400, "bad_field", std::string("a field of the wrong type: ") + e.what());
        } catch (const std::exception& e) {
            spdlog::error("event=tournament_request_failed error=\"{}\"", e.what());
            a = refusal(500, "internal", "the request failed; try again");
        }
        done(json_text_response(request, a.body.dump(), static_cast<http::status>(a.status)));
    });
}

}  // namespace carc::server
