#include "http/http_tournaments.hpp"

#include <spdlog/spdlog.h>

#include "http/http_routes.hpp"
#include "http/route_table.hpp"
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

http_answer json_answer(const http_request& request, const tn::answer& a) {
    return json_text_response(request, a.body.dump(), static_cast<http::status>(a.status));
}

}  // namespace

void add_tournament_routes(route_table& routes, tn::tournament_service& service) {
    using http::verb;
    routes.add({verb::get, std::string(base), answer_with([&service](const route_call& rc) {
                    return json_answer(rc.request, tn::list(service));
                })});
    routes.add({verb::get, std::string(base) + "/{id}", answer_with([&service](const route_call& rc) {
                    return json_answer(rc.request, tn::read(service, rc.param("id")));
                })});
    routes.add({verb::post, std::string(base), answer_with([&service](const route_call& rc) {
                    const json body = json::parse(rc.request.body(), nullptr, false);
                    if (body.is_discarded() || !body.is_object())
                        return json_answer(rc.request, refusal(400, "bad_json", "the body must be one JSON object"));
                    return json_answer(rc.request, tn::create(service, *rc.me, body));
                }),
                access::signed_in});
    const auto action = [&](std::string name, std::function<tn::answer(const route_call&)> fn) {
        routes.add({verb::post, std::string(base) + "/{id}/" + name,
                    answer_with([fn = std::move(fn)](const route_call& rc) { return json_answer(rc.request, fn(rc)); }),
                    access::signed_in});
    };
    action("join", [&service](const route_call& rc) { return tn::join(service, *rc.me, rc.param("id")); });
    action("withdraw", [&service](const route_call& rc) { return tn::withdraw(service, *rc.me, rc.param("id")); });
    action("start", [&service](const route_call& rc) { return tn::start(service, *rc.me, rc.param("id")); });
}

}  // namespace carc::server
