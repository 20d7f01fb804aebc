#include "http/http_accounts.hpp"

#include <map>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/account_service.hpp"
#include "accounts/my_games.hpp"
#include "accounts/name_skeleton.hpp"
#include "accounts/password_hash.hpp"
#include "accounts/session_cookie.hpp"
#include "base/config.hpp"
#include "carc/storage/moderation_store.hpp"
#include "carc/storage/notice_store.hpp"
#include "carc/protocol/messages.hpp"
#include "cluster/cluster_node.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "moderation/sanction_checks.hpp"
#include "notices/notice_channel.hpp"
#include "notices/notice_service.hpp"
#include "people/person_registry.hpp"
#include "rooms/lobby.hpp"
#include "util/name_rule.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;
using accounts::account_service;
using accounts::signed_in;

namespace {

constexpr std::size_t max_device_length = 120;

struct call {
    const account_parts& parts;
    account_service& service;
    const http_request& request;
    const std::string& address;
};

http_answer answer(const call& c, http::status status, const json& body) {
    return json_text_response(c.request, body.dump(), status);
}

http_answer refusal(const call& c, http::status status, std::string code, std::string message) {
    return json_error_response(c.request, status, std::move(code), std::move(message));
}

http_answer store_failed(const call& c, const st::Error& error) {
    spdlog::error("event=account_store_failed error=\"{}\"", error.message);
    return refusal(c, http::status::service_unavailable, "store_failed", "the store is not available; try again");
}


void set_session_cookie(const call& c, http_answer& res, const std::string& secret) {
    carc::server::set_session_cookie(c.parts.config, res, secret);
}

}  // namespace

// The session secret the request carries: `Authorization: Bearer` (the terminal client) or the
// cookie (a browser).
std::optional<std::string> presented_secret(const http_request& request) {
    const std::string_view auth = request[http::field::authorization];
    if (auth.starts_with("Bearer ")) return trim(auth.substr(7));
    return accounts::session_from_cookie_header(request[http::field::cookie]);
}

namespace {

// The body as a JSON object; nullopt (and `refused` set) otherwise.
std::optional<json> body_object(const call& c, std::optional<http_answer>& refused) {
    json body = json::parse(c.request.body(), nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
        refused = refusal(c, http::status::bad_request, "bad_json", "the body must be one JSON object");
        return std::nullopt;
    }
    return body;
}

std::optional<std::string> string_field(const json& body, const char* name) {
    const auto it = body.find(name);
    if (it == body.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

// `want_token`: absent is false; anything but true or false is refused (400), never guessed.
std::optional<bool> want_token_of(const call& c, const json& body, std::optional<http_answer>& refused) {
    const auto it = body.find("want_token");
    if (it == body.end() || it->is_null()) return false;
    if (!it->is_boolean()) {
        refused = refusal(c, http::status::bad_request, "bad_field", "field 'want_token': true or false");
        return std::nullopt;
    }
    return it->get<bool>();
}

// `language`: absent or null is none chosen (""); else "en" or "ru", anything else refused (400).
std::optional<std::string> language_of(const call& c, const json& body, std::optional<http_answer>& refused) {
    const auto it = body.find("language");
    if (it == body.end() || it->is_null()) return std::string();
    const auto bad = it->is_string() ? accounts::check_language(it->get<std::string>())
                                     : std::optional<std::string>("a string");
    if (bad) {
        refused = refusal(c, http::status::bad_request, "bad_field", "field 'language': " + *bad);
        return std::nullopt;
    }
    return it->get<std::string>();
}

std::string device_of(const call& c, const json& body) {
    std::string device = string_field(body, "device").value_or(std::string(c.request[http::field::user_agent]));
    if (device.size() > max_device_length) device.resize(max_device_length);
    for (char& ch : device)
        if (static_cast<unsigned char>(ch) < 0x20) ch = ' ';
    return device.empty() ? "unknown device" : device;
}

// A new session's answer: the cookie always, the secret in the body only when asked for.
http_answer session_answer(const call& c, http::status status, const st::AccountRecord& account,
                           const accounts::new_session& made, bool want_token) {
    json body = {{"person", account.person_id}, {"name", account.name}, {"session", made.record.public_id}};
    if (want_token) body["token"] = made.secret;
    http_answer res = answer(c, status, body);
    set_session_cookie(c, res, made.secret);
    return res;
}

http_answer retry_later(const call& c, account_service::clock::duration wait,
                        const std::string& what = "too many sign-in attempts") {
    const auto seconds = std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(wait).count());
    http_answer res = refusal(c, http::status::too_many_requests, "rate_limited",
                              what + "; try again in " + std::to_string(seconds) + " s");
    res.set(http::field::retry_after, std::to_string(seconds));
    return res;
}

// POST /api/accounts {name, password, email?, language?, token?, want_token?, device?}
http_answer sign_up(const call& c) {
    std::optional<http_answer> refused;
    const auto body = body_object(c, refused);
    if (!body) return *refused;
    const std::string password = string_field(*body, "password").value_or("");
    if (auto bad = accounts::check_password(password))
        return refusal(c, http::status::bad_request, "bad_password", *bad);
    const auto want_token = want_token_of(c, *body, refused);
    if (!want_token) return *refused;
    std::optional<std::string> email;
    if (const auto it = body->find("email"); it != body->end() && !it->is_null()) {
        if (!it->is_string()) return refusal(c, http::status::bad_request, "bad_email", "field 'email': a string or null");
        email = it->get<std::string>();
    }
    if (email && email->empty()) email.reset();
    if (email)
        if (auto bad = accounts::check_email(*email)) return refusal(c, http::status::bad_request, "bad_email", *bad);
    const auto language = language_of(c, *body, refused);
    if (!language) return *refused;

    // A guest signing up keeps their person (their seats, games and name); otherwise a new one.
    std::optional<person_identity> person;
    if (const auto token = string_field(*body, "token")) {
        person = c.parts.persons.find_by_token(*token);
        if (!person) return refusal(c, http::status::bad_request, "unknown_token", "unknown or expired guest token");
        if (auto existing = c.service.store().account_of(person->id); !existing) return store_failed(c, existing.error());
        else if (*existing) return refusal(c, http::status::conflict, "already_account", "this guest already has an account");
    }
    const std::string typed = string_field(*body, "name").value_or(person ? person->name : "");
    const checked_name checked = check_name(typed, protocol::max_name_length);
    if (!checked.ok()) return refusal(c, http::status::bad_request, "bad_name", checked.problem);
    const std::string* name = &checked.name;
    if (auto taken = accounts::account_named(c.service.store(), *name); !taken)
        return store_failed(c, taken.error());
    else if (*taken)
        return refusal(c, http::status::conflict, "name_taken", "that name is taken");
    if (c.parts.moderation)
        if (auto banned = moderation::address_ban_of(*c.parts.moderation, c.address))
            return refusal(c, http::status::forbidden, "address_banned", banned->message);
    // Sign-ups are limited per address and on the node, counted once a sign-up is about to
    // cost a hash (a refused one costs nothing).
    const auto now = c.service.now();
    const auto& limits = c.parts.config.accounts;
    if (limits.sign_ups_per_address > 0)
        if (auto wait = c.service.address_sign_ups().wait_before(c.address, now))
            return retry_later(c, *wait, "too many sign-ups from this address");
    if (limits.sign_ups_per_minute > 0)
        if (auto wait = c.service.node_sign_ups().wait_before("", now))
            return retry_later(c, *wait, "too many sign-ups on this server just now");
    c.service.address_sign_ups().count(c.address, now);
    c.service.node_sign_ups().count("", now);
    if (!person) {
        person = c.parts.persons.create(*name);
        if (c.parts.cluster) c.parts.cluster->remember(*person);
    }
    const auto token_hash = st::TokenHash::from_hex(c.parts.persons.token_sha256(person->id));
    if (!token_hash) return refusal(c, http::status::bad_request, "unknown_token", "unknown or expired guest token");

    st::AccountRecord account{.person_id = person->id,
                              .name = *name,
                              .name_key = accounts::name_key(*name),
                              .name_skeleton = accounts::name_skeleton(*name),
                              .password_hash = accounts::hash_password(password),
                              .person_token_hash = *token_hash,
                              .created_at_ms = unix_ms(),
                              .settings = {}};
    account.settings.email = email;
    account.settings.language = *language;
    const auto made =
        account_service::make_session(person->id, *want_token ? "token" : "cookie", device_of(c, *body), c.address);
    if (auto created = c.service.store().create_account(account, made.record); !created) {
        if (created.code() == st::ErrorCode::already_exists)
            return refusal(c, http::status::conflict, "name_taken", "that name is taken");
        return store_failed(c, created.error());
    }
    spdlog::info("event=account_created person={} session={}", account.person_id, made.record.public_id);
    if (email)
        if (auto* sender = c.parts.sender) sender->email_changed(account.person_id);
    return session_answer(c, http::status::created, account, made, *want_token);
}

// POST /api/sessions {name, password, want_token?, device?}
http_answer sign_in(const call& c) {
    std::optional<http_answer> refused;
    const auto body = body_object(c, refused);
    if (!body) return *refused;
    const auto want_token = want_token_of(c, *body, refused);
    if (!want_token) return *refused;
    const auto now = c.service.now();
    if (auto wait = c.service.address_attempts().wait_before(c.address, now)) return retry_later(c, *wait);
    const std::string typed_name = trim(string_field(*body, "name").value_or(""));
    // Look-alike names count as one: trying "Оlga" (a Cyrillic О) counts toward Olga's limit,
    // at this address only.
    const std::string key = accounts::name_at_address(accounts::name_skeleton(typed_name), c.address);
    if (auto wait = c.service.name_failures().wait_before(key, now)) return retry_later(c, *wait);
    c.service.address_attempts().count(c.address, now);
    const std::string password = string_field(*body, "password").value_or("");
    if (password.size() > accounts::max_password_bytes)
        return refusal(c, http::status::bad_request, "bad_password", "the password may have at most 1024 bytes");

    auto account = accounts::account_named(c.service.store(), typed_name);
    if (!account) return store_failed(c, account.error());
    const bool right = *account ? accounts::verify_password((*account)->password_hash, password)
                                : (accounts::spend_verify_time(password), false);
    if (!right) {
        c.service.name_failures().count(key, now);
        spdlog::info("event=sign_in_refused addr={}", c.address);
        return refusal(c, http::status::unauthorized, "wrong_password", "wrong name or password");
    }
    if (c.parts.moderation)
        if (auto ban = moderation::ban_of(*c.parts.moderation, (*account)->person_id)) {
            spdlog::info("event=sign_in_banned person={}", (*account)->person_id);
            return refusal(c, http::status::forbidden, "banned", ban->message);
        }
    const auto made =
        account_service::make_session((*account)->person_id, *want_token ? "token" : "cookie", device_of(c, *body),
                                      c.address);
    if (auto added = c.service.store().add_session(made.record); !added) return store_failed(c, added.error());
    spdlog::info("event=signed_in person={} session={}", (*account)->person_id, made.record.public_id);
    return session_answer(c, http::status::ok, **account, made, *want_token);
}

json account_json(const st::AccountRecord& a) {
    return {{"person", a.person_id},
            {"name", a.name},
            {"email", a.settings.email ? json(*a.settings.email) : json(nullptr)},
            {"email_confirmed", a.settings.email_confirmed},
            {"auto_vacation", a.settings.auto_vacation},
            {"notices", notices::channel_choices(a.settings.notices_json)},
            {"webhook", a.settings.webhook_url ? json(*a.settings.webhook_url) : json(nullptr)},
            {"created_ms", a.created_at_ms},
            // The mails' language; null: never chosen (mails in English).
            {"language", a.settings.language.empty() ? json(nullptr) : json(a.settings.language)}};
}

// A change that could hand the account to someone else (its address, where reset links go) needs
// the password, not only the session: a session on a borrowed device must not be enough. A wrong
// password counts toward the name's sign-in limit.
std::optional<http_answer> password_refusal(const call& c, const signed_in& me, const std::optional<std::string>& typed) {
    if (!typed || typed->empty())
        return refusal(c, http::status::forbidden, "password_required",
                       "changing the e-mail address needs your password: send it as 'password'");
    const auto now = c.service.now();
    const std::string key = accounts::name_at_address(accounts::name_skeleton(me.account.name), c.address);
    if (auto wait = c.service.name_failures().wait_before(key, now)) return retry_later(c, *wait);
    if (typed->size() > accounts::max_password_bytes || !accounts::verify_password(me.account.password_hash, *typed)) {
        c.service.name_failures().count(key, now);
        return refusal(c, http::status::forbidden, "wrong_password", "the password is wrong");
    }
    return std::nullopt;
}

// PATCH /api/me {email?, auto_vacation?, notices?, webhook?, language?, password?}: null clears
// email and webhook; a new or cleared e-mail address needs `password`.
http_answer update_me(const call& c, const signed_in& me) {
    std::optional<http_answer> refused;
    const auto body = body_object(c, refused);
    if (!body) return *refused;
    st::AccountSettings settings = me.account.settings;
    for (const auto& [key, value] : body->items()) {
        if (key == "password") {
            if (!value.is_string()) return refusal(c, http::status::bad_request, "bad_field", "field 'password': a string");
        } else if (key == "email") {
            if (value.is_null() || (value.is_string() && value.get<std::string>().empty())) {
                settings.email.reset();
            } else if (!value.is_string()) {
                return refusal(c, http::status::bad_request, "bad_email", "field 'email': a string or null");
            } else if (auto bad = accounts::check_email(value.get<std::string>())) {
                return refusal(c, http::status::bad_request, "bad_email", *bad);
            } else {
                settings.email = value.get<std::string>();
            }
            if (settings.email != me.account.settings.email) settings.email_confirmed = false;
        } else if (key == "auto_vacation") {
            if (!value.is_boolean()) return refusal(c, http::status::bad_request, "bad_field", "field 'auto_vacation': true or false");
            settings.auto_vacation = value.get<bool>();
        } else if (key == "notices") {
            if (!value.is_object()) return refusal(c, http::status::bad_request, "bad_field", "field 'notices': an object");
            std::string chosen = notices::channel_choices(settings.notices_json).dump();  // a channel not named keeps its value
            for (const auto& [name, on] : value.items()) {
                const auto channel = notices::channel_of_setting(name);
                if (!channel || !on.is_boolean())
                    return refusal(c, http::status::bad_request, "bad_field",
                                   "field 'notices': channels " + notices::setting_names_text() + ", each true or false");
                chosen = notices::with_channel(chosen, *channel, on.get<bool>());
            }
            settings.notices_json = chosen;
        } else if (key == "webhook") {
            if (value.is_null() || (value.is_string() && value.get<std::string>().empty())) {
                settings.webhook_url.reset();
            } else if (!value.is_string()) {
                return refusal(c, http::status::bad_request, "bad_webhook", "field 'webhook': a string or null");
            } else if (auto bad = accounts::check_webhook(value.get<std::string>(),
                                                          c.parts.config.accounts.allow_private_webhooks)) {
                return refusal(c, http::status::bad_request, "bad_webhook", *bad);
            } else {
                settings.webhook_url = value.get<std::string>();
            }
        } else if (key == "language") {
            const auto bad = value.is_string() ? accounts::check_language(value.get<std::string>())
                                               : std::optional<std::string>("a string");
            if (bad) return refusal(c, http::status::bad_request, "bad_field", "field 'language': " + *bad);
            settings.language = value.get<std::string>();
        } else {
            return refusal(c, http::status::bad_request, "bad_field", "unknown field '" + key.substr(0, 32) + "'");
        }
    }
    if (settings.email != me.account.settings.email)
        if (auto no = password_refusal(c, me, string_field(*body, "password"))) return *no;
    if (auto updated = c.service.store().update_settings(me.account.person_id, settings); !updated)
        return store_failed(c, updated.error());
    if (settings.email && settings.email != me.account.settings.email)
        if (auto* sender = c.parts.sender) sender->email_changed(me.account.person_id);
    st::AccountRecord account = me.account;
    account.settings = settings;
    return answer(c, http::status::ok, account_json(account));
}

http_answer list_sessions(const call& c, const signed_in& me) {
    auto sessions = c.service.store().sessions_of(me.account.person_id);
    if (!sessions) return store_failed(c, sessions.error());
    // Each session's Web Push subscriptions (its browser's), which end with it.
    std::map<std::string, int> pushes;
    if (auto* notices = c.parts.notices)
        if (auto subscriptions = notices->push_subscriptions_of(me.account.person_id))
            for (const auto& subscription : *subscriptions) ++pushes[subscription.session_id];
    json out = json::array();
    for (const auto& s : *sessions)
        out.push_back({{"id", s.public_id},
                       {"device", s.device},
                       // Where it signed in from ("": a session older than addresses kept).
                       {"address", s.address},
                       {"kind", s.kind},
                       {"created_ms", s.created_at_ms},
                       {"last_seen_ms", s.last_seen_ms},
                       {"current", s.secret_hash == me.session.secret_hash},
                       {"push_subscriptions", pushes[s.public_id]}});
    return answer(c, http::status::ok, {{"sessions", std::move(out)}});
}

http_answer end_one_session(const call& c, const signed_in& me, std::string_view public_id) {
    auto ended = c.service.store().end_session(me.account.person_id, public_id);
    if (!ended) {
        if (ended.code() == st::ErrorCode::not_found)
            return refusal(c, http::status::not_found, "no_such_session", "no such session");
        return store_failed(c, ended.error());
    }
    c.service.close_sessions({*ended});
    spdlog::info("event=session_ended person={} session={}", me.account.person_id, std::string(public_id));
    http_answer res = answer(c, http::status::ok, {{"ended", 1}});
    if (*ended == me.session.secret_hash) set_session_cookie(c, res, "");
    return res;
}

http_answer end_other_sessions(const call& c, const signed_in& me) {
    auto ended = c.service.store().end_other_sessions(me.account.person_id, me.session.secret_hash);
    if (!ended) return store_failed(c, ended.error());
    c.service.close_sessions(*ended);
    return answer(c, http::status::ok, {{"ended", ended->size()}});
}

// POST /api/me/password {old, new}: the other sessions end.
http_answer change_password(const call& c, const signed_in& me) {
    std::optional<http_answer> refused;
    const auto body = body_object(c, refused);
    if (!body) return *refused;
    const auto now = c.service.now();
    const std::string key = accounts::name_at_address(accounts::name_skeleton(me.account.name), c.address);
    if (auto wait = c.service.name_failures().wait_before(key, now)) return retry_later(c, *wait);
    const std::string old_password = string_field(*body, "old").value_or("");
    const std::string new_password = string_field(*body, "new").value_or("");
    if (auto bad = accounts::check_password(new_password))
        return refusal(c, http::status::bad_request, "bad_password", *bad);
    if (old_password.size() > accounts::max_password_bytes ||
        !accounts::verify_password(me.account.password_hash, old_password)) {
        c.service.name_failures().count(key, now);
        return refusal(c, http::status::unauthorized, "wrong_password", "the old password is wrong");
    }
    auto others = c.service.store().sessions_of(me.account.person_id);
    if (!others) return store_failed(c, others.error());
    if (auto changed = c.service.store().change_password(me.account.person_id, accounts::hash_password(new_password),
                                                         me.session.secret_hash);
        !changed)
        return store_failed(c, changed.error());
    std::vector<st::TokenHash> ended;
    for (const auto& s : *others)
        if (!(s.secret_hash == me.session.secret_hash)) ended.push_back(s.secret_hash);
    c.service.close_sessions(ended);
    c.service.name_failures().forget_prefix(accounts::name_at_every_address(accounts::name_skeleton(me.account.name)));
    spdlog::info("event=password_changed person={} sessions_ended={}", me.account.person_id, ended.size());
    return answer(c, http::status::ok, {{"ended", ended.size()}});
}

http_answer games(const call& c, const signed_in& me) {
    auto list = accounts::my_games(c.parts.rooms, c.service.store(), me.account.person_token_hash);
    if (!list) return store_failed(c, list.error());
    return answer(c, http::status::ok, json(*list));
}

}  // namespace

// A request carrying the cookie that changes something must come from this site: a JSON body
// (a cross-site form cannot send one without a CORS preflight) and no foreign Origin.
std::optional<std::string> cross_site_refusal(const server_config& config, const http_request& request) {
    if (request.method() == http::verb::get || request.method() == http::verb::head) return std::nullopt;
    const std::string_view origin = request[http::field::origin];
    if (!origin.empty()) {
        const auto& allowed = config.allowed_origins;
        const std::string_view host = request[http::field::host];
        const bool same_host = origin == "http://" + std::string(host) || origin == "https://" + std::string(host);
        if (!same_host && std::find(allowed.begin(), allowed.end(), origin) == allowed.end())
            return "requests from another site are refused";
    }
    const std::string_view type = request[http::field::content_type];
    if (!request.body().empty() && !type.starts_with("application/json")) return "the body must be application/json";
    return std::nullopt;
}

namespace {

using parts_ptr = std::shared_ptr<const account_parts>;

route_handler signed_in_handler(const parts_ptr& parts, http_answer (*fn)(const call&, const signed_in&)) {
    return answer_with([parts, fn](const route_call& rc) {
        return fn(call{*parts, *parts->accounts, rc.request, rc.address}, *rc.me);
    });
}

// Runs `answer` on a hashing thread (fewer than the cores, at a lower priority) and replies
// with what it returns; a full hashing queue is refused at once (503), and a handler that throws
// still gets an answer. The reply keeps the request alive.
void on_hashing_thread(account_service& accounts, const http_request& request, const http_reply& reply,
                       std::function<http_answer()> answer) {
    const bool queued = accounts.post_hashing([&request, reply, answer = std::move(answer)] {
        try {
            reply(answer());
        } catch (const std::exception& e) {
            spdlog::error("event=account_request_failed error=\"{}\"", e.what());
            reply(json_error_response(request, http::status::internal_server_error, "internal",
                                      "the request could not be answered"));
        }
    });
    if (!queued) reply(hashing_busy(request));
}

// A call that hashes a password runs on the hashing threads, so hashing never takes every core
// the games need.
route_handler hashing_handler(const parts_ptr& parts, http_answer (*fn)(const call&, const signed_in&)) {
    return [parts, fn](const route_call& rc, http_reply reply) {
        on_hashing_thread(*parts->accounts, rc.request, reply,
                          [parts, fn, &request = rc.request, address = rc.address, me = *rc.me] {
                              return fn(call{*parts, *parts->accounts, request, address}, me);
                          });
    };
}

http_answer read_me(const call& c, const signed_in& me, const std::string& secret) {
    json body = account_json(me.account);
    // The vacation days in hand, so a player sees them before spending one (unknown: left out).
    if (auto* turns = c.parts.turns)
        if (auto left = turns->vacation_left(me.account.person_id, unix_ms(), c.parts.config.turn_based.day().count()))
            body["vacation_days_left"] = *left;
    http_answer res = answer(c, http::status::ok, body);
    if (me.session.kind == "cookie") set_session_cookie(c, res, secret);  // renewed on use
    return res;
}

}  // namespace

bool secure_cookies(const server_config& config) { return config.public_url.starts_with("https://"); }

void set_session_cookie(const server_config& config, http_answer& res, const std::string& secret) {
    const auto lifetime = std::chrono::duration_cast<std::chrono::seconds>(config.accounts.session_lifetime);
    res.insert(http::field::set_cookie, accounts::set_cookie_value(secret, secure_cookies(config), lifetime));
}

http_answer hashing_busy(const http_request& request) {
    http_answer res = json_error_response(request, http::status::service_unavailable, "busy",
                                          "too many sign-ins at once; try again in a moment");
    res.set(http::field::retry_after, "1");
    return res;
}

void add_account_routes(route_table& routes, const account_parts& given) {
    using http::verb;
    const auto parts = std::make_shared<const account_parts>(given);
    // Sign-up and sign-in hash a password: on the hashing threads.
    const auto anyone = [&parts](http_answer (*fn)(const call&)) -> route_handler {
        return [parts, fn](const route_call& rc, http_reply reply) {
            if (!parts->accounts)
                return reply(json_error_response(rc.request, http::status::service_unavailable, "no_accounts",
                                                 "accounts need a store"));
            on_hashing_thread(*parts->accounts, rc.request, reply, [parts, fn, &request = rc.request, address = rc.address] {
                return fn(call{*parts, *parts->accounts, request, address});
            });
        };
    };
    routes.add({verb::post, "/api/accounts", anyone(sign_up), access::anyone, runs_on::io});
    routes.add({verb::post, "/api/sessions", anyone(sign_in), access::anyone, runs_on::io});
    const auto mine = [&](verb method, std::string pattern, route_handler handler) {
        routes.add({method, std::move(pattern), std::move(handler), access::signed_in});
    };
    // The signed-in routes are matched only once a session was found, so the accounts exist.
    const auto with = [&parts](auto fn) {
        return answer_with([parts, fn](const route_call& rc) { return fn(call{*parts, *parts->accounts, rc.request, rc.address}, rc); });
    };
    mine(verb::get, "/api/me", with([](const call& c, const route_call& rc) { return read_me(c, *rc.me, *rc.secret); }));
    // A PATCH hashes only when it carries the password (a key written with escapes too may): the
    // others never wait behind sign-ins.
    mine(verb::patch, "/api/me", [parts, hashing = hashing_handler(parts, update_me)](const route_call& rc, http_reply reply) {
        const std::string& body = rc.request.body();
        if (body.find("\"password\"") != std::string::npos || body.find("\\u") != std::string::npos)
            return hashing(rc, std::move(reply));
        reply(update_me(call{*parts, *parts->accounts, rc.request, rc.address}, *rc.me));
    });
    mine(verb::get, "/api/me/games", signed_in_handler(parts, games));
    mine(verb::get, "/api/me/sessions", signed_in_handler(parts, list_sessions));
    mine(verb::delete_, "/api/me/sessions", signed_in_handler(parts, end_other_sessions));
    mine(verb::delete_, "/api/me/sessions/{id}", with([](const call& c, const route_call& rc) {
             return end_one_session(c, *rc.me, rc.param("id"));
         }));
    mine(verb::post, "/api/sessions/end", with([](const call& c, const route_call& rc) {
             return end_one_session(c, *rc.me, rc.me->session.public_id);
         }));
    mine(verb::post, "/api/me/password", hashing_handler(parts, change_password));
}

}  // namespace carc::server
