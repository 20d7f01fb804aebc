#include "http/http_sign_in_link.hpp"

#include <chrono>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "accounts/session_cookie.hpp"
#include "accounts/account_service.hpp"
#include "base/config.hpp"
#include "carc/storage/notice_store.hpp"
#include "carc/storage/sign_in_link_store.hpp"
#include "http/http_routes.hpp"
#include "http/link_pages.hpp"
#include "http/route_table.hpp"
#include "notices/link_params.hpp"
#include "notices/notice_service.hpp"
#include "people/security.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;

namespace {

constexpr std::string_view link_path = "/api/sign-in-link";
// The asking browser's nonce: only for the link's path, gone when the link would be.
constexpr std::string_view nonce_cookie = "carc_link_browser";
constexpr std::size_t max_device_length = 120;

// What the routes use.
struct link_parts {
    const server_config& config;
    accounts::account_service& accounts;
    st::NoticeStore& notices;  // confirmed addresses
    st::SignInLinkStore& links;
    notices::notice_service* sender;  // null when the server sends no notices
};

std::string nonce_cookie_value(const server_config& config, std::string_view nonce) {
    const auto max_age = nonce.empty() ? 0 : notices::sign_in_link_ms / 1000;
    std::string out = std::string(nonce_cookie) + "=" + std::string(nonce) + "; Path=" + std::string(link_path) +
                      "; HttpOnly; SameSite=Lax; Max-Age=" + std::to_string(max_age);
    if (secure_cookies(config)) out += "; Secure";
    return out;
}

bool is_nonce(const std::string& value) {
    return value.size() == 64 && value.find_first_not_of("0123456789abcdef") == std::string::npos;
}

http_answer store_failed(const http_request& request, const std::string& error) {
    spdlog::error("event=sign_in_link_store_failed error=\"{}\"", error);
    return json_error_response(request, http::status::service_unavailable, "store_failed",
                               "the store is not available; try again");
}

http_answer retry_later(const http_request& request, accounts::account_service::clock::duration wait) {
    const auto seconds = std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(wait).count());
    http_answer res = json_error_response(request, http::status::too_many_requests, "rate_limited",
                                          "too many sign-in attempts; try again in " + std::to_string(seconds) + " s");
    res.set(http::field::retry_after, std::to_string(seconds));
    return res;
}

// A link that does not work, or one opened elsewhere: no account we may trust, the browser's language.
http_answer refused_link(const http_request& request, http::status status, link_page page) {
    return link_page_answer(request, status, browser_language(request), page);
}

// POST {account}: the account's name or address. Counted like a sign-in (per address, and per
// name at the address); the same answer whether or not a mail goes.
http_answer ask_link(const link_parts& parts, const route_call& rc) {
    auto& service = parts.accounts;
    const auto now = service.now();
    if (auto wait = service.address_attempts().wait_before(rc.address, now)) return retry_later(rc.request, *wait);
    const json body = json::parse(rc.request.body(), nullptr, false);
    const auto field = body.is_object() ? body.find("account") : body.end();
    if (!body.is_object() || field == body.end() || !field->is_string())
        return json_error_response(rc.request, http::status::bad_request, "bad_field",
                                   "field 'account': the account's name or e-mail address");
    const std::string who = trim(field->get<std::string>());
    if (who.empty() || who.size() > 254)
        return json_error_response(rc.request, http::status::bad_request, "bad_field",
                                   "field 'account': the account's name or e-mail address");
    const std::string key = accounts::name_at_address(accounts::name_skeleton(who), rc.address);
    if (auto wait = service.name_failures().wait_before(key, now)) return retry_later(rc.request, *wait);
    service.address_attempts().count(rc.address, now);
    service.name_failures().count(key, now);

    std::optional<std::string> person;
    if (who.find('@') != std::string::npos) {
        auto found = parts.notices.person_with_email(who);  // confirmed addresses only
        if (!found) return store_failed(rc.request, found.message());
        person = *found;
    } else {
        auto found = accounts::account_named(service.store(), who);
        if (!found) return store_failed(rc.request, found.message());
        if (*found && (*found)->settings.email && (*found)->settings.email_confirmed) person = (*found)->person_id;
    }
    // A browser that asked before keeps its nonce, so its earlier link still works.
    std::string nonce = accounts::cookie_from_header(rc.request[http::field::cookie], nonce_cookie).value_or("");
    if (!is_nonce(nonce)) nonce = random_hex(32);
    if (person && parts.sender) {
        parts.sender->sign_in_link_asked(*person, st::TokenHash::of_token(nonce).hex());
        spdlog::info("event=sign_in_link_asked person={}", *person);
    }
    http_answer res = json_text_response(
        rc.request,
        json{{"message", "if the account exists and has a confirmed e-mail address, a link was sent to it"}}.dump(),
        http::status::accepted);
    res.insert(http::field::set_cookie, nonce_cookie_value(parts.config, nonce));
    return res;
}

// GET ?t=: in the browser that asked, once, within 15 minutes: a session, then the client.
http_answer open_link(const link_parts& parts, const route_call& rc) {
    auto& service = parts.accounts;
    const auto now = service.now();
    if (auto wait = service.address_attempts().wait_before(rc.address, now)) return retry_later(rc.request, *wait);
    service.address_attempts().count(rc.address, now);
    const auto token = rc.query_value("t");
    if (!token || !notices::token_shaped(*token)) return refused_link(rc.request, http::status::not_found, link_page::bad_link);
    const auto nonce = accounts::cookie_from_header(rc.request[http::field::cookie], nonce_cookie);
    // Without the nonce no stored hash matches: a hash of nothing anyone holds.
    const st::TokenHash browser = st::TokenHash::of_token(nonce && is_nonce(*nonce) ? *nonce : "none:" + random_hex(32));
    auto used = parts.links.use_sign_in_link(st::TokenHash::of_token(*token), browser, unix_ms());
    if (!used) return store_failed(rc.request, used.message());
    switch (used->outcome) {
        case st::SignInLinkOutcome::signed_in: break;
        case st::SignInLinkOutcome::other_browser:
            spdlog::info("event=sign_in_link_other_browser addr={}", rc.address);
            return refused_link(rc.request, http::status::forbidden, link_page::other_browser);
        case st::SignInLinkOutcome::expired: return refused_link(rc.request, http::status::gone, link_page::link_too_old);
        case st::SignInLinkOutcome::unknown: return refused_link(rc.request, http::status::not_found, link_page::bad_link);
    }
    // The link works only while the address it went to is still the account's confirmed one.
    auto owner = service.store().account_of(used->person_id);
    if (!owner) return store_failed(rc.request, owner.message());
    if (!*owner || !(*owner)->settings.email_confirmed || (*owner)->settings.email != used->email)
        return refused_link(rc.request, http::status::not_found, link_page::bad_link);
    std::string device(rc.request[http::field::user_agent]);
    if (device.size() > max_device_length) device.resize(max_device_length);
    for (char& ch : device)
        if (static_cast<unsigned char>(ch) < 0x20) ch = ' ';
    const auto made =
        accounts::account_service::make_session(used->person_id, "cookie", device.empty() ? "unknown device" : device,
                                                   rc.address);
    if (auto added = service.store().add_session(made.record); !added) return store_failed(rc.request, added.message());
    spdlog::info("event=signed_in_by_link person={} session={}", used->person_id, made.record.public_id);
    http_answer res = link_page_answer(rc.request, http::status::see_other,
                                       notices::mail_language_of((*owner)->settings.language), link_page::signed_in);
    res.set(http::field::location, "/#/account");
    res.insert(http::field::set_cookie, nonce_cookie_value(parts.config, ""));
    set_session_cookie(parts.config, res, made.secret);
    return res;
}

// POST /api/me/device-tokens {device?}: a token session for the terminal client, shown once.
http_answer new_device_token(accounts::account_service& accounts, const route_call& rc) {
    const json body = rc.request.body().empty() ? json::object() : json::parse(rc.request.body(), nullptr, false);
    if (!body.is_object())
        return json_error_response(rc.request, http::status::bad_request, "bad_json", "the body must be one JSON object");
    std::string device = "terminal";
    if (const auto it = body.find("device"); it != body.end() && !it->is_null()) {
        if (!it->is_string())
            return json_error_response(rc.request, http::status::bad_request, "bad_field", "field 'device': a string");
        device = trim(it->get<std::string>());
    }
    if (device.size() > max_device_length) device.resize(max_device_length);
    for (char& ch : device)
        if (static_cast<unsigned char>(ch) < 0x20) ch = ' ';
    if (device.empty()) device = "terminal";
    const std::string& person = rc.me->account.person_id;
    const auto made = accounts::account_service::make_session(person, "token", device, rc.address);
    if (auto added = accounts.store().add_session(made.record); !added)
        return store_failed(rc.request, added.message());
    spdlog::info("event=device_token_made person={} session={}", person, made.record.public_id);
    http_answer res = json_text_response(
        rc.request, json{{"session", made.record.public_id}, {"device", device}, {"token", made.secret}}.dump(),
        http::status::created);
    res.set(http::field::cache_control, "no-store");
    return res;
}

}  // namespace

void add_sign_in_link_routes(route_table& routes, const server_config& config, accounts::account_service& accounts,
                             st::NoticeStore& notices, st::SignInLinkStore& links, notices::notice_service* sender) {
    using http::verb;
    const auto parts = std::make_shared<const link_parts>(link_parts{config, accounts, notices, links, sender});
    // Asked from the sign-in page: JSON from this site only, so another site cannot mail people.
    routes.add({verb::post, std::string(link_path),
                answer_with([parts](const route_call& rc) { return ask_link(*parts, rc); })});
    // Opened from a mail, which comes from no page of ours: the token and the browser's nonce
    // authorise it.
    route open{verb::get, std::string(link_path), answer_with([parts](const route_call& rc) { return open_link(*parts, rc); })};
    open.same_site_only = false;
    routes.add(std::move(open));
    routes.add({verb::post, "/api/me/device-tokens",
                answer_with([&accounts](const route_call& rc) { return new_device_token(accounts, rc); }), access::signed_in});
}

}  // namespace carc::server
