#include "http/http_push.hpp"

#include <algorithm>
#include <charconv>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "http/http_routes.hpp"
#include "notices/notice_service.hpp"
#include "notices/push_rules.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;

namespace {

// Browsers one account may have subscribed at once; one more is refused.
constexpr std::size_t max_subscriptions = 20;

http_answer answer(const route_call& rc, http::status status, const json& body) {
    return json_text_response(rc.request, body.dump(), status);
}

http_answer refusal(const route_call& rc, http::status status, std::string code, std::string message) {
    return json_error_response(rc.request, status, std::move(code), std::move(message));
}

http_answer store_failed(const route_call& rc, const std::string& error) {
    spdlog::error("event=push_store_failed error=\"{}\"", error);
    return refusal(rc, http::status::service_unavailable, "store_failed", "the store is not available; try again");
}

// What a list shows of a subscription: the push service's origin, never the whole endpoint
// (its path is the browser's address at the service).
json subscription_json(const st::PushSubscription& s, const accounts::signed_in& me) {
    return {{"id", s.id},
            {"session", s.session_id},
            {"service", notices::origin_of(s.endpoint)},
            {"created_ms", s.created_at_ms},
            {"this_device", s.session_id == me.session.public_id}};
}

http_answer list(const route_call& rc, st::NoticeStore& notices) {
    auto mine = notices.push_subscriptions_of(rc.me->account.person_id);
    if (!mine) return store_failed(rc, mine.message());
    json out = json::array();
    for (const auto& s : *mine) out.push_back(subscription_json(s, *rc.me));
    return answer(rc, http::status::ok, {{"subscriptions", std::move(out)}});
}

// POST the browser's PushSubscription.toJSON(): stored for this session (201 {id}).
http_answer subscribe(const route_call& rc, bool allow_private_push, st::NoticeStore& notices) {
    const json body = json::parse(rc.request.body(), nullptr, false);
    if (body.is_discarded())
        return refusal(rc, http::status::bad_request, "bad_subscription", "the body is not JSON: send PushSubscription.toJSON()");
    auto checked = notices::check_subscription(body, allow_private_push);
    if (auto* why = std::get_if<std::string>(&checked))
        return refusal(rc, http::status::bad_request, "bad_subscription", *why);
    const auto& fields = std::get<notices::subscription_fields>(checked);
    auto mine = notices.push_subscriptions_of(rc.me->account.person_id);
    if (!mine) return store_failed(rc, mine.message());
    const bool known = std::any_of(mine->begin(), mine->end(), [&](const auto& s) { return s.endpoint == fields.endpoint; });
    if (!known && mine->size() >= max_subscriptions)
        return refusal(rc, http::status::conflict, "too_many_subscriptions",
                       "at most 20 browsers may get pushes: remove one in the settings first");
    const st::PushSubscription row{.person_id = rc.me->account.person_id,
                                   .session_id = rc.me->session.public_id,
                                   .endpoint = fields.endpoint,
                                   .p256dh = fields.p256dh,
                                   .auth = fields.auth,
                                   .created_at_ms = unix_ms()};
    auto id = notices.save_push_subscription(row);
    if (!id) return store_failed(rc, id.message());
    spdlog::info("event=push_subscribed person={} subscription={} service={}", row.person_id, *id,
                 notices::origin_of(row.endpoint));
    return answer(rc, http::status::created, {{"id", *id}});
}

http_answer unsubscribe(const route_call& rc, st::NoticeStore& notices) {
    const std::string& text = rc.param("id");
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (ec != std::errc() || end != text.data() + text.size() || id <= 0)
        return refusal(rc, http::status::not_found, "not_found", "no such subscription");
    auto removed = notices.remove_push_subscription(id, rc.me->account.person_id);
    if (!removed) return store_failed(rc, removed.message());
    if (!*removed) return refusal(rc, http::status::not_found, "not_found", "no such subscription");
    spdlog::info("event=push_unsubscribed person={} subscription={}", rc.me->account.person_id, id);
    http_answer res = json_text_response(rc.request, "", http::status::no_content);
    return res;
}

}  // namespace

void add_push_routes(route_table& routes, const notices::notice_service& sender, bool allow_private_push,
                     st::NoticeStore& notices) {
    using http::verb;
    // The key is in memory: answered on the I/O thread, to anyone (the page asks before signing in).
    routes.add({verb::get, "/api/push/key", answer_with([&sender](const route_call& rc) {
                    if (!sender.sends_push())
                        return refusal(rc, http::status::not_found, "push_off", "this server sends no pushes");
                    return answer(rc, http::status::ok, {{"publicKey", sender.push_public_key()}});
                }),
                access::anyone, runs_on::io});
    routes.add({verb::get, "/api/push/subscriptions",
                answer_with([&notices](const route_call& rc) { return list(rc, notices); }), access::signed_in});
    routes.add({verb::post, "/api/push/subscriptions",
                answer_with([allow_private_push, &notices](const route_call& rc) {
                    return subscribe(rc, allow_private_push, notices);
                }),
                access::signed_in, runs_on::blocking, 4 * 1024});
    routes.add({verb::delete_, "/api/push/subscriptions/{id}",
                answer_with([&notices](const route_call& rc) { return unsubscribe(rc, notices); }),
                access::signed_in});
}

}  // namespace carc::server
