#include "http/http_notices.hpp"

#include <variant>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/account_service.hpp"
#include "accounts/name_skeleton.hpp"
#include "accounts/password_hash.hpp"
#include "app/shared_state.hpp"
#include "http/http_accounts.hpp"
#include "http/http_routes.hpp"
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

struct call {
    shared_state& state;
    accounts::account_service& service;
    st::NoticeStore& notices;
    notices::notice_service* sender;  // null when the server sends no notices
    const http_request& request;
    const std::string& address;
};

http_answer page(const call& c, http::status status, const std::string& title, const std::string& html_body) {
    http_answer res = json_text_response(
        c.request,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
        "content=\"width=device-width\"><title>" +
            title + "</title></head>\n<body><h1>" + title + "</h1>\n" + html_body + "\n</body></html>\n",
        status);
    res.set(http::field::content_type, "text/html; charset=utf-8");
    return res;
}

http_answer bad_link(const call& c) {
    return page(c, http::status::not_found, "This link does not work",
                "<p>It is unknown, was used already or is too old. Ask for a new one.</p>");
}

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
        return page(c, http::status::ok, "Unsubscribe",
                    "<p>Stop the mails about your turns and challenges?</p><form method=\"post\" action=\"" +
                        std::string(unsubscribe_path) + "?t=" + t.value_or("") +
                        "\"><input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">"
                        "<button>Unsubscribe</button></form>");
    }
    st::AccountSettings settings = account.settings;
    settings.notices_json = notices::with_channel(settings.notices_json, notices::notice_channel::email, false);
    if (auto updated = c.service.store().update_settings(token.person_id, settings); !updated)
        return store_failed(c, updated.message());
    spdlog::info("event=unsubscribed person={}", token.person_id);
    return page(c, http::status::ok, "Unsubscribed",
                "<p>You will get no more mails about your turns. Your account's settings can turn them on "
                "again.</p>");
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
    return page(c, http::status::ok, "E-mail address confirmed",
                "<p>Thank you: mails about your games can go to this address now.</p>");
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
    const auto token = notices::query_field(target_of(c), "t");
    std::optional<std::string> failed;
    if (!link_token(c, token, "password_reset", false, failed)) return failed ? store_failed(c, *failed) : bad_link(c);
    return page(c, http::status::ok, "Choose a new password",
                "<form method=\"post\" action=\"" + std::string(new_password_path) +
                    "\"><input type=\"hidden\" name=\"t\" value=\"" + *token +
                    "\"><label>New password (at least 8 characters) <input type=\"password\" name=\"password\" "
                    "minlength=\"8\" required autocomplete=\"new-password\"></label> <button>Set it</button></form>"
                    "<p>Every device signed in to the account is signed out.</p>");
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
    if (auto bad = accounts::check_password(password.value_or("")))
        return form ? page(c, http::status::bad_request, "Password refused", "<p>" + *bad + ". Go back and try again.</p>")
                    : refusal(c, http::status::bad_request, "bad_password", *bad);
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
    if (form) return page(c, http::status::ok, "Password changed", "<p>Sign in with the new password.</p>");
    return answer(c, http::status::ok, {{"ended", ended.size()}});
}

}  // namespace

void add_notice_routes(route_table& routes, shared_state& state, st::NoticeStore& notices) {
    using http::verb;
    const auto handler = [&state, &notices](http_answer (*fn)(const call&)) {
        return answer_with([&state, &notices, fn](const route_call& rc) {
            return fn(call{state, *state.accounts, notices, notices::sender_of(state), rc.request, rc.address});
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
        verb::post, std::string(new_password_path), [&state, &notices](const route_call& rc, http_reply reply) {
            const bool queued = state.accounts->post_hashing([&state, &notices, &request = rc.request,
                                                               address = rc.address, reply] {
                const call c{state, *state.accounts, notices, notices::sender_of(state), request, address};
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
