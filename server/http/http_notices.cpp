#include "http/http_notices.hpp"

#include <variant>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/account_service.hpp"
#include "accounts/name_skeleton.hpp"
#include "accounts/password_hash.hpp"
#include "http/http_accounts.hpp"
#include "http/http_routes.hpp"
#include "http/link_pages.hpp"
#include "http/route_table.hpp"
#include "notices/link_params.hpp"
#include "notices/notice_channel.hpp"
#include "notices/notice_service.hpp"
#include "people/security.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;

namespace {

constexpr std::string_view unsubscribe_path = "/api/mail/unsubscribe";
constexpr std::string_view confirm_path = "/api/mail/confirm";
constexpr std::string_view reset_path = "/api/password-reset";
constexpr std::string_view new_password_path = "/api/password-reset/new";

using notices::mail_language;

struct call {
    accounts::account_service& service;
    st::NoticeStore& notices;
    notices::notice_service* sender;  // null when the server sends no notices
    const http_request& request;
    const std::string& address;
};

http_answer show(const call& c, http::status status, mail_language language, link_page page,
                 std::string_view form_path = {}, std::string_view token = {}) {
    return link_page_answer(c.request, status, language, page, form_path, token);
}

// A link that does not work names no account we may trust: the page is in the browser's language.
http_answer bad_link(const call& c) {
    return show(c, http::status::not_found, browser_language(c.request), link_page::bad_link);
}

mail_language language_of(const st::AccountRecord& account) { return notices::mail_language_of(account.settings.language); }

http_answer answer(const call& c, http::status status, const json& body) {
    return json_text_response(c.request, body.dump(), status);
}

http_answer refusal(const call& c, http::status status, std::string code, std::string message) {
    return answer(c, status, {{"error", std::move(code)}, {"message", std::move(message)}});
}

http_answer store_failed(const call& c, const std::string& error) {
    spdlog::error("event=notice_store_failed error=\"{}\"", error);
    return refusal(c, http::status::service_unavailable, "store_failed", "the store is not available; try again");
}

std::string target_of(const call& c) { return std::string(c.request.target().data(), c.request.target().size()); }

// The link's token, looked up for `purpose` (and used up with `consume`); nullopt when it does
// not work, `failed` set when the store failed.
std::optional<st::LinkToken> link_token(const call& c, const std::optional<std::string>& token,
                                        const char* purpose, bool consume, std::optional<std::string>& failed) {
    if (!token || !notices::token_shaped(*token)) return std::nullopt;
    auto found = c.notices.use_link_token(st::TokenHash::of_token(*token), purpose, unix_ms(), consume);
    if (!found) {
        failed = found.message();
        return std::nullopt;
    }
    return *found;
}

// A link's token (the query's `t`, for `purpose`, used up with `consume`) and the account it is
// for; or the answer to give instead.
struct linked {
    st::LinkToken token;
    st::AccountRecord account;
};
std::variant<linked, http_answer> linked_account(const call& c, const char* purpose, bool consume) {
    std::optional<std::string> failed;
    const auto token = link_token(c, notices::query_field(target_of(c), "t"), purpose, consume, failed);
    if (failed) return store_failed(c, *failed);
    if (!token) return bad_link(c);
    auto account = c.service.store().account_of(token->person_id);
    if (!account) return store_failed(c, account.message());
    if (!*account) return bad_link(c);
    return linked{*token, std::move(**account)};
}

// GET: a page with a button, and nothing changes (mail scanners open links); POST (the button,
// or RFC 8058's one click from the mail program): no more turn mails.
http_answer unsubscribe(const call& c) {
    auto found = linked_account(c, "unsubscribe", false);
    if (auto* refused = std::get_if<http_answer>(&found)) return std::move(*refused);
    const auto& [token, account] = std::get<linked>(found);
    if (c.request.method() != http::verb::post) {
        const auto t = notices::query_field(target_of(c), "t");
        return show(c, http::status::ok, language_of(account), link_page::unsubscribe_question, unsubscribe_path,
                    t.value_or(""));
    }
    st::AccountSettings settings = account.settings;
    settings.notices_json = notices::with_channel(settings.notices_json, notices::notice_channel::email, false);
    if (auto updated = c.service.store().update_settings(token.person_id, settings); !updated)
        return store_failed(c, updated.message());
    spdlog::info("event=unsubscribed person={}", token.person_id);
    return show(c, http::status::ok, language_of(account), link_page::unsubscribed);
}

// GET: the address the mail went to is confirmed, if it is still the account's.
http_answer confirm_email(const call& c) {
    auto found = linked_account(c, "confirm_email", true);
    if (auto* refused = std::get_if<http_answer>(&found)) return std::move(*refused);
    const auto& [token, account] = std::get<linked>(found);
    if (account.settings.email != token.email) return bad_link(c);
    st::AccountSettings settings = account.settings;
    settings.email_confirmed = true;
    if (auto updated = c.service.store().update_settings(token.person_id, settings); !updated)
        return store_failed(c, updated.message());
    spdlog::info("event=email_confirmed person={}", token.person_id);
    return show(c, http::status::ok, language_of(account), link_page::address_confirmed);
}

// POST {account}: a name or an e-mail address. The same answer whether it names an account.
http_answer ask_reset(const call& c) {
    const auto now = c.service.now();
    if (auto wait = c.service.address_attempts().wait_before(c.address, now)) {
        const auto seconds = std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(*wait).count());
        http_answer res = refusal(c, http::status::too_many_requests, "rate_limited",
                                  "too many requests; try again in " + std::to_string(seconds) + " s");
        res.set(http::field::retry_after, std::to_string(seconds));
        return res;
    }
    c.service.address_attempts().count(c.address, now);
    const json body = json::parse(c.request.body(), nullptr, false);
    if (!body.is_object() || !body.contains("account") || !body["account"].is_string())
        return refusal(c, http::status::bad_request, "bad_field", "field 'account': the account's name or e-mail address");
    const std::string who = trim(body["account"].get<std::string>());
    if (who.empty() || who.size() > 254)
        return refusal(c, http::status::bad_request, "bad_field", "field 'account': the account's name or e-mail address");
    std::optional<std::string> person;
    if (who.find('@') != std::string::npos) {
        auto found = c.notices.person_with_email(who);
        if (!found) return store_failed(c, found.message());
        person = *found;
    } else {
        auto found = accounts::account_named(c.service.store(), who);
        if (!found) return store_failed(c, found.message());
        // Reset links go only to a confirmed address: one typed wrong, or set from a borrowed
        // session, never receives one.
        if (*found && (*found)->settings.email && (*found)->settings.email_confirmed) person = (*found)->person_id;
    }
    if (person && c.sender && c.sender->password_reset_asked(*person))
        spdlog::info("event=password_reset_asked person={}", *person);
    return answer(c, http::status::accepted,
                  {{"message", "if the account exists and has an e-mail address, a link was sent to it"}});
}

// GET ?t=: a page with the form that sets the new password.
http_answer reset_form(const call& c) {
    auto found = linked_account(c, "password_reset", false);
    if (auto* refused = std::get_if<http_answer>(&found)) return std::move(*refused);
    const auto& account = std::get<linked>(found).account;
    // The token was checked to be 64 hex digits before it was looked up.
    const auto token = notices::query_field(target_of(c), "t").value_or("");
    return show(c, http::status::ok, language_of(account), link_page::new_password_form, new_password_path, token);
}

// The language of the account a reset link is for, looked up without using the link up; the
// browser's when the link does not work.
mail_language form_language(const call& c, const std::optional<std::string>& token) {
    std::optional<std::string> failed;
    if (const auto found = link_token(c, token, "password_reset", false, failed))
        if (auto account = c.service.store().account_of(found->person_id); account && *account)
            return language_of(**account);
    return browser_language(c.request);
}

// POST {token, password} (JSON) or t=&password= (the form): the new password, once; every
// session of the account ends.
http_answer set_new_password(const call& c) {
    const bool form = c.request[http::field::content_type].starts_with("application/x-www-form-urlencoded");
    std::optional<std::string> token;
    std::optional<std::string> password;
    if (form) {
        token = notices::form_field(c.request.body(), "t");
        password = notices::form_field(c.request.body(), "password");
    } else {
        const json body = json::parse(c.request.body(), nullptr, false);
        if (!body.is_object()) return refusal(c, http::status::bad_request, "bad_json", "the body must be one JSON object");
        if (body.contains("token") && body["token"].is_string()) token = body["token"].get<std::string>();
        if (body.contains("password") && body["password"].is_string()) password = body["password"].get<std::string>();
    }
    // Checked before the token is used up, so a refused password leaves the link working.
    if (auto bad = accounts::check_password(password.value_or(""))) {
        if (!form) return refusal(c, http::status::bad_request, "bad_password", *bad);
        const bool too_short = utf8_length(password.value_or("")) < accounts::min_password_characters;
        return show(c, http::status::bad_request, form_language(c, token),
                    too_short ? link_page::password_too_short : link_page::password_too_long);
    }
    std::optional<std::string> failed;
    const auto used = link_token(c, token, "password_reset", true, failed);
    if (failed) return store_failed(c, *failed);
    if (!used) return form ? bad_link(c) : refusal(c, http::status::not_found, "bad_link", "the link is unknown, used or too old");
    // The link works only while the address it went to is still the account's confirmed one.
    auto owner = c.service.store().account_of(used->person_id);
    if (!owner) return store_failed(c, owner.message());
    if (!*owner || !(*owner)->settings.email_confirmed || (*owner)->settings.email != used->email)
        return form ? bad_link(c) : refusal(c, http::status::not_found, "bad_link", "the link is unknown, used or too old");
    auto sessions = c.service.store().sessions_of(used->person_id);
    if (!sessions) return store_failed(c, sessions.message());
    // Keeping a session no one has: every session ends.
    const auto keep_none = st::TokenHash::of_token(random_hex(32));
    if (auto changed = c.service.store().change_password(used->person_id, accounts::hash_password(*password), keep_none);
        !changed)
        return store_failed(c, changed.message());
    std::vector<st::TokenHash> ended;
    for (const auto& s : *sessions) ended.push_back(s.secret_hash);
    c.service.close_sessions(ended);
    // The new password works at once from every address, whatever was tried before.
    c.service.name_failures().forget_prefix(accounts::name_at_every_address(accounts::name_skeleton((*owner)->name)));
    spdlog::info("event=password_reset person={} sessions_ended={}", used->person_id, ended.size());
    if (form) return show(c, http::status::ok, language_of(**owner), link_page::password_changed);
    return answer(c, http::status::ok, {{"ended", ended.size()}});
}

}  // namespace

void add_notice_routes(route_table& routes, accounts::account_service& accounts, st::NoticeStore& notices,
                       notices::notice_service* sender) {
    using http::verb;
    const auto handler = [&accounts, &notices, sender](http_answer (*fn)(const call&)) {
        return answer_with([&accounts, &notices, sender, fn](const route_call& rc) {
            return fn(call{accounts, notices, sender, rc.request, rc.address});
        });
    };
    // Links opened from a mail come from no page of ours: no cross-site check (their token is
    // what authorises them). RFC 8058's one-click POST comes from the mail provider.
    const auto from_mail = [&](verb method, std::string_view path, http_answer (*fn)(const call&)) {
        route r{method, std::string(path), handler(fn)};
        r.same_site_only = false;
        routes.add(std::move(r));
    };
    from_mail(verb::get, unsubscribe_path, unsubscribe);
    from_mail(verb::post, unsubscribe_path, unsubscribe);
    from_mail(verb::get, confirm_path, confirm_email);
    from_mail(verb::get, reset_path, reset_form);
    // Setting the new password hashes it: on the hashing threads (fewer than the cores, at a
    // lower priority); a full hashing queue is refused at once.
    route new_password{
        verb::post, std::string(new_password_path), [&accounts, &notices, sender](const route_call& rc, http_reply reply) {
            const bool queued = accounts.post_hashing([&accounts, &notices, sender, &request = rc.request,
                                                       address = rc.address, reply] {
                const call c{accounts, notices, sender, request, address};
                try {
                    reply(set_new_password(c));
                } catch (const std::exception& e) {
                    spdlog::error("event=notice_request_failed error=\"{}\"", e.what());
                    reply(refusal(c, http::status::internal_server_error, "internal", "the request could not be answered"));
                }
            });
            if (!queued) reply(hashing_busy(rc.request));
        }};
    new_password.same_site_only = false;
    new_password.where = runs_on::io;
    routes.add(std::move(new_password));
    // Asked from the sign-in page: JSON from this site only, so another site cannot mail people.
    routes.add({verb::post, std::string(reset_path), handler(ask_reset)});
}

}  // namespace carc::server
