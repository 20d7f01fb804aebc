// Accounts and sessions over HTTP (docs/protocol.md, "Accounts"): sign-up, sign-in, the cookie's
// flags, wrong passwords and the limit on them (time injected), the session list, ending
// sessions, a new password, the account's settings.
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <future>
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "accounts/account_rules.hpp"
#include "accounts/account_service.hpp"
#include "accounts/name_skeleton.hpp"
#include "accounts/password_hash.hpp"

using namespace carc::test;

namespace {

constexpr const char* password = "correct horse battery";

}  // namespace

TEST_CASE("sign-up answers 201 with an HttpOnly SameSite=Lax cookie and stores only an Argon2id hash",
          "[server][accounts]") {
    account_server s;
    const auto made = sign_up(s.port(), "Ada", password, {{"email", "ada@example.org"}});
    INFO(made.body.dump());
    REQUIRE(made.status == 201);
    CHECK(made.body["name"] == "Ada");
    CHECK_FALSE(made.body.contains("token"));  // the secret travels in the cookie only
    const std::string cookie = made.headers.at("set-cookie");
    CHECK_THAT(cookie, Catch::StartsWith("carc_session="));
    CHECK_THAT(cookie, Catch::Contains("; HttpOnly"));
    CHECK_THAT(cookie, Catch::Contains("; SameSite=Lax"));
    CHECK_THAT(cookie, Catch::Contains("; Path=/"));
    CHECK_THAT(cookie, !Catch::Contains("Secure"));  // served over http

    const auto me = call_api(s.port(), "GET", "/api/me", nullptr, made.cookie());
    REQUIRE(me.status == 200);
    CHECK(me.body["name"] == "Ada");
    CHECK(me.body["person"] == made.body["person"]);
    CHECK(me.body["email"] == "ada@example.org");
    CHECK(me.body["email_confirmed"] == false);
    CHECK(me.body["vacation_days_left"] == 20);  // a new account's vacation days, shown before one is spent

    const auto stored = s.accounts().account_by_name("ada").value();
    REQUIRE(stored.has_value());
    CHECK_THAT(stored->password_hash, Catch::StartsWith("$argon2id$v=19$m=19456,t=2,p=1$"));
    CHECK_THAT(stored->password_hash, !Catch::Contains(password));
    // Only the secret's hash is kept.
    const auto sessions = s.accounts().sessions_of(stored->person_id).value();
    REQUIRE(sessions.size() == 1);
    CHECK(sessions[0].secret_hash.hex() != made.cookie());
    CHECK(sessions[0].secret_hash == carc::storage::TokenHash::of_token(made.cookie()));
}

TEST_CASE("names are unique ignoring case, bad passwords, names and e-mail addresses are refused with a reason",
          "[server][accounts]") {
    account_server s;
    REQUIRE(sign_up(s.port(), "Ada", password).status == 201);
    const auto taken = sign_up(s.port(), "ADA", password);
    CHECK(taken.status == 409);
    CHECK(taken.body["error"] == "name_taken");

    const auto short_one = sign_up(s.port(), "Bob", "1234567");
    CHECK(short_one.status == 400);
    CHECK(short_one.body["error"] == "bad_password");
    CHECK_THAT(short_one.body["message"].get<std::string>(), Catch::Contains("8"));
    CHECK(sign_up(s.port(), "Bob", std::string(1025, 'x')).body["error"] == "bad_password");
    CHECK(sign_up(s.port(), "Bob", std::string(1024, 'x')).status == 201);
    CHECK(sign_up(s.port(), "   ", password).body["error"] == "bad_name");
    CHECK(sign_up(s.port(), std::string(33, 'n'), password).body["error"] == "bad_name");
    CHECK(sign_up(s.port(), "Cy", password, {{"email", "not-an-address"}}).body["error"] == "bad_email");
    CHECK(sign_up(s.port(), "Cy", password, {{"email", "a@b"}}).body["error"] == "bad_email");
    const auto not_json = call_api(s.port(), "POST", "/api/accounts", "just a string");
    CHECK(not_json.status == 400);
    CHECK(not_json.body["error"] == "bad_json");
}

TEST_CASE("the cookie is Secure when the server's public address is https", "[server][accounts]") {
    auto config = test_config();
    config.public_url = "https://carc.example.org";
    account_server s(config);
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);
    CHECK_THAT(made.headers.at("set-cookie"), Catch::EndsWith("; Secure"));
}

TEST_CASE("sign-in: a wrong password is 401, then after 10 in 10 minutes 429 with Retry-After until the window passes",
          "[server][accounts]") {
    account_server s;
    REQUIRE(sign_up(s.port(), "Ada", password).status == 201);
    auto now = std::chrono::system_clock::now();
    s.state().accounts->set_clock([&now] { return now; });

    const auto right = sign_in(s.port(), "ada", password, {{"want_token", true}});
    REQUIRE(right.status == 200);
    CHECK(right.body["token"].get<std::string>().size() == 64);
    CHECK(right.cookie() == right.body["token"]);
    const auto unknown = sign_in(s.port(), "Nobody", password);
    CHECK(unknown.status == 401);
    for (int i = 0; i < 10; ++i) {
        const auto wrong = sign_in(s.port(), "Ada", "wrong password " + std::to_string(i));
        CHECK(wrong.status == 401);
        CHECK(wrong.body["error"] == "wrong_password");
        CHECK(wrong.body["message"] == unknown.body["message"]);  // nothing says whether the name exists
        now += std::chrono::seconds(1);
    }
    const auto limited = sign_in(s.port(), "Ada", password);  // even the right one
    CHECK(limited.status == 429);
    CHECK(limited.body["error"] == "rate_limited");
    CHECK(limited.headers.at("retry-after") == "590");  // the first failure leaves the window then
    CHECK(sign_in(s.port(), "Bob", password).status == 401);  // other names are not limited

    now += std::chrono::seconds(589);
    CHECK(sign_in(s.port(), "Ada", password).status == 429);
    now += std::chrono::seconds(1);
    CHECK(sign_in(s.port(), "Ada", password).status == 200);
}

TEST_CASE("sign-in attempts per address are limited too", "[server][accounts]") {
    auto config = test_config();
    config.accounts.attempts_per_address = 3;
    account_server s(config);
    REQUIRE(sign_up(s.port(), "Ada", password).status == 201);
    for (int i = 0; i < 3; ++i) CHECK(sign_in(s.port(), "name" + std::to_string(i), password).status == 401);
    const auto limited = sign_in(s.port(), "Ada", password);
    CHECK(limited.status == 429);
    CHECK(limited.headers.contains("retry-after"));
}

TEST_CASE("sessions are listed, ended one by one or all but the current one, ended and forged ones are unknown",
          "[server][accounts]") {
    account_server s;
    const std::string a = sign_up(s.port(), "Ada", password).cookie();
    const auto b = sign_in(s.port(), "Ada", password, {{"want_token", true}, {"device", "carc-term"}});
    const std::string c = sign_in(s.port(), "Ada", password).cookie();
    REQUIRE(b.status == 200);

    const auto listed = call_api(s.port(), "GET", "/api/me/sessions", nullptr, a);
    REQUIRE(listed.status == 200);
    REQUIRE(listed.body["sessions"].size() == 3);
    int current = 0;
    for (const auto& session : listed.body["sessions"]) {
        CHECK(session["id"].get<std::string>().size() == 16);
        CHECK(session["last_seen_ms"].is_number());
        current += session["current"].get<bool>() ? 1 : 0;
        CHECK(session.dump().find(a) == std::string::npos);  // no secret in the list
    }
    CHECK(current == 1);

    // The terminal's session works with its bearer token; ending it (by its public id) ends it.
    const std::string bearer = "Bearer " + b.body["token"].get<std::string>();
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, bearer).status == 200);
    CHECK(call_api(s.port(), "DELETE", "/api/me/sessions/" + b.body["session"].get<std::string>(), nullptr, a).status == 200);
    const auto ended = call_api(s.port(), "GET", "/api/me", nullptr, bearer);
    CHECK(ended.status == 401);
    CHECK(ended.body["error"] == "unknown_session");
    const auto forged = call_api(s.port(), "GET", "/api/me", nullptr, std::string(64, 'a'));
    CHECK(forged.status == 401);
    CHECK(forged.body == ended.body);  // which of the two is not said
    CHECK(call_api(s.port(), "DELETE", "/api/me/sessions/nosuchsession", nullptr, a).status == 404);
    CHECK(call_api(s.port(), "GET", "/api/me").body["error"] == "not_signed_in");

    const auto others = call_api(s.port(), "DELETE", "/api/me/sessions", nullptr, a);
    CHECK(others.status == 200);
    CHECK(others.body["ended"] == 1);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, c).status == 401);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, a).status == 200);

    // Signing out ends the current session and removes the cookie.
    const auto out = call_api(s.port(), "POST", "/api/sessions/end", json::object(), a);
    CHECK(out.status == 200);
    CHECK(out.cookie().empty());
    CHECK_THAT(out.headers.at("set-cookie"), Catch::Contains("Max-Age=0"));
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, a).status == 401);
}

TEST_CASE("a new password ends the other sessions, the old password no longer signs in", "[server][accounts]") {
    account_server s;
    const std::string a = sign_up(s.port(), "Ada", password).cookie();
    const std::string b = sign_in(s.port(), "Ada", password).cookie();
    const auto wrong = call_api(s.port(), "POST", "/api/me/password", {{"old", "not it at all"}, {"new", "a new secret"}}, a);
    CHECK(wrong.status == 401);
    CHECK(call_api(s.port(), "POST", "/api/me/password", {{"old", password}, {"new", "short"}}, a).status == 400);
    const auto changed = call_api(s.port(), "POST", "/api/me/password", {{"old", password}, {"new", "a new secret"}}, a);
    CHECK(changed.status == 200);
    CHECK(changed.body["ended"] == 1);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, a).status == 200);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, b).status == 401);
    CHECK(sign_in(s.port(), "Ada", password).status == 401);
    CHECK(sign_in(s.port(), "Ada", "a new secret").status == 200);
}

TEST_CASE("PATCH /api/me stores e-mail, auto-vacation, notices and webhook, private webhooks are refused",
          "[server][accounts]") {
    account_server s;
    const std::string a = sign_up(s.port(), "Ada", password).cookie();
    const json every_channel_on = {{"email", true}, {"push", true}, {"webhook", true}, {"webpush", true}};
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, a).body["notices"] == every_channel_on);
    const auto patched = call_api(s.port(), "PATCH", "/api/me",
                                  {{"email", "ada@example.org"},
                                   {"password", password},  // a new address needs it
                                   {"auto_vacation", true},
                                   {"notices", {{"email", true}, {"webhook", false}}},
                                   {"webhook", "https://hooks.example.org/carc"}},
                                  a);
    INFO(patched.body.dump());
    REQUIRE(patched.status == 200);
    const auto me = call_api(s.port(), "GET", "/api/me", nullptr, a).body;
    CHECK(me["email"] == "ada@example.org");
    CHECK(me["auto_vacation"] == true);
    CHECK(me["notices"] == json{{"email", true}, {"push", true}, {"webhook", false}, {"webpush", true}});
    CHECK(me["webhook"] == "https://hooks.example.org/carc");
    // A channel the PATCH does not name keeps its value.
    const auto push_off = call_api(s.port(), "PATCH", "/api/me", {{"notices", {{"push", false}}}}, a);
    CHECK(push_off.body["notices"] == json{{"email", true}, {"push", false}, {"webhook", false}, {"webpush", true}});

    for (const char* url : {"http://127.0.0.1/hook", "http://localhost:8080/", "https://10.1.2.3/x",
                            "http://192.168.0.9/", "http://[::1]:80/", "http://169.254.169.254/latest",
                            "ftp://example.org/"}) {
        INFO(url);
        const auto refused = call_api(s.port(), "PATCH", "/api/me", {{"webhook", url}}, a);
        CHECK(refused.status == 400);
        CHECK(refused.body["error"] == "bad_webhook");
    }
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"auto_vacation", "yes"}}, a).status == 400);
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"notices", {{"pigeon", true}}}}, a).status == 400);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, a).body["notices"]["push"] == false);
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"colour", "red"}}, a).status == 400);
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"email", nullptr}, {"webhook", nullptr}, {"password", password}}, a).status == 200);
    const auto cleared = call_api(s.port(), "GET", "/api/me", nullptr, a).body;
    CHECK(cleared["email"].is_null());
    CHECK(cleared["webhook"].is_null());

    // A cookie-carrying change from another site is refused.
    const auto cross = call_api(s.port(), "PATCH", "/api/me", {{"auto_vacation", false}}, a,
                                {{"Origin", "https://evil.example"}});
    CHECK(cross.status == 403);
}

TEST_CASE("an operator may allow private webhooks", "[server][accounts]") {
    auto config = test_config();
    config.accounts.allow_private_webhooks = true;
    account_server s(config);
    const std::string a = sign_up(s.port(), "Ada", password).cookie();
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"webhook", "http://127.0.0.1:9000/hook"}}, a).status == 200);
}

TEST_CASE("without a store there are no accounts, and the server says so", "[server][accounts]") {
    test_server s;
    const auto refused = call_api(s.port(), "POST", "/api/accounts", {{"name", "Ada"}, {"password", password}});
    CHECK(refused.status == 503);
    CHECK(refused.body["error"] == "no_accounts");
}

TEST_CASE("one name rule: sign-up, the WebSocket hello, room and tournament names refuse control and invisible "
          "characters",
          "[server][accounts]") {
    account_server s;
    const std::string nul("Ad\0a", 4);
    for (const std::string& bad : {std::string("E\r\nBcc: a@b.co"), std::string("Ada\tL"), std::string("Ada\x07"),
                                  std::string("Ada\x1b"), nul, std::string("Ol\u200bga"), std::string("\u202eOlga"),
                                  std::string("Olga\u00a0"), std::string("\ufeffOlga")}) {
        INFO(bad);
        const auto refused = sign_up(s.port(), bad, password);
        CHECK(refused.status == 400);
        CHECK(refused.body["error"] == "bad_name");
        ws_client guest(s.port());
        const json hello = guest.hello(bad);
        CHECK(hello["type"] == "error");
        CHECK(hello["code"] == "bad_field");
    }
    const auto nfd = sign_up(s.port(), "Zoe\u0308", password);
    REQUIRE(nfd.status == 201);
    CHECK(nfd.body["name"] == "Zo\u00eb");  // kept composed

    auto ada = sign_up_player(s, "Ada");
    const json room = ada.ws->request({{"type", "create_room"}, {"name", "Ada\u200b's room"}});
    CHECK(room["type"] == "error");
    CHECK(room["code"] == "bad_field");
    CHECK(room["message"] == "field 'name': the name may not hold invisible or direction characters");
    const auto nul_tournament = call_api(s.port(), "POST", "/api/tournaments",
                                         {{"name", std::string("Club\0night", 10)}, {"format", "swiss"}, {"rounds", 2}},
                                         ada.auth());
    CHECK(nul_tournament.status == 400);
    CHECK(nul_tournament.body["message"] ==
          "name: the name may not hold control characters (line breaks, tabs and the like)");
}

TEST_CASE("look-alike names are one name: another script, case beyond ASCII, invisible and direction characters",
          "[server][accounts]") {
    account_server s;
    const auto olga = sign_up(s.port(), "Olga", password, {{"want_token", true}});
    REQUIRE(olga.status == 201);
    const auto cyrillic = sign_up(s.port(), "\u041elga", password);  // a Cyrillic О
    CHECK(cyrillic.status == 409);
    CHECK(cyrillic.body["error"] == "name_taken");
    CHECK(sign_up(s.port(), "0LGA", password).status == 409);   // a zero, capitals
    CHECK(sign_up(s.port(), "OIga", password).status == 409);   // a capital I for the l
    CHECK(sign_up(s.port(), "Ol\u200bga", password).status == 400);
    CHECK(sign_up(s.port(), "\u202eOlga", password).status == 400);
    CHECK(sign_up(s.port(), "Olga\u00a0", password).status == 400);

    // Case folds beyond ASCII: Ölga and ÖLGA are one name, distinct from Olga.
    const auto umlaut = sign_up(s.port(), "\u00d6lga", password);
    REQUIRE(umlaut.status == 201);
    CHECK(sign_up(s.port(), "\u00f6LGA", password).status == 409);
    CHECK(sign_up(s.port(), "Stra\u00dfe", password).status == 201);
    CHECK(sign_up(s.port(), "STRASSE", password).status == 409);

    // Whatever case (or script) is typed, lookups by name find the account.
    CHECK(sign_in(s.port(), "OLGA", password).status == 200);
    CHECK(sign_in(s.port(), "\u00f6lga", password).body["name"] == "\u00d6lga");
    const auto profile = call_api(s.port(), "GET", "/api/players/%C3%96LGA");  // ÖLGA
    INFO(profile.body.dump());
    CHECK(profile.status == 200);
    CHECK(profile.body["name"] == "\u00d6lga");
    const std::string bearer = "Bearer " + olga.body["token"].get<std::string>();
    const auto followed = call_api(s.port(), "PUT", "/api/me/follows/%C3%B6lga", json::object(), bearer);
    INFO(followed.body.dump());
    CHECK(followed.status == 200);
}

TEST_CASE("accounts stored before skeletons get theirs when the server opens the store", "[server][accounts]") {
    account_server s;
    // Two accounts as an older server stored them: no skeleton, names that look alike.
    for (const auto& [person, name] : {std::pair<std::string, std::string>{"p-old-1", "Olga"}, {"p-old-2", "0lga"}}) {
        carc::storage::AccountRecord old{.person_id = person,
                                         .name = name,
                                         .name_key = carc::server::accounts::name_key(name),
                                         .password_hash = carc::server::accounts::hash_password(password),
                                         .person_token_hash = carc::storage::TokenHash::of_token("t-" + person),
                                         .created_at_ms = 1'000,
                                         .settings = {}};
        REQUIRE(s.accounts().create_account(old, carc::server::accounts::account_service::make_session(person, "cookie", "x", "127.0.0.1").record).ok());
    }
    CHECK(carc::server::accounts::fill_missing_skeletons(s.accounts()) == 1);
    CHECK(s.accounts().account_of("p-old-1").value()->name_skeleton == "olga");
    CHECK(s.accounts().account_of("p-old-2").value()->name_skeleton.empty());  // the younger look-alike
    CHECK(sign_up(s.port(), "\u041eLGA", password).status == 409);
    CHECK(sign_in(s.port(), "OLGA", password).body["person"] == "p-old-1");
    CHECK(sign_in(s.port(), "0lga", password).body["person"] == "p-old-2");  // still signs in by its own name
}

TEST_CASE("a field of the wrong type gets 400 with its name: want_token, email", "[server][accounts]") {
    account_server s;
    for (const json& want : {json("yes"), json(1), json::array()}) {
        INFO(want.dump());
        const auto up = sign_up(s.port(), "Ada", password, {{"want_token", want}});
        CHECK(up.status == 400);
        CHECK(up.body["error"] == "bad_field");
        CHECK(up.body["message"] == "field 'want_token': true or false");
    }
    const auto seven = sign_up(s.port(), "Ada", password, {{"email", 7}});
    CHECK(seven.status == 400);
    CHECK(seven.body["error"] == "bad_email");
    CHECK(seven.body["message"] == "field 'email': a string or null");
    REQUIRE(sign_up(s.port(), "Ada", password, {{"want_token", false}, {"email", nullptr}}).status == 201);
    const auto in = sign_in(s.port(), "Ada", password, {{"want_token", "true"}});
    CHECK(in.status == 400);
    CHECK(in.body["message"] == "field 'want_token': true or false");
}

TEST_CASE("an attacker's wrong passwords from their address never lock the owner out at hers (behind the trusted proxy)",
          "[server][accounts]") {
    auto config = test_config();
    config.trusted_proxy = "127.0.0.1";  // the test connects from there: it plays the proxy
    account_server s(config);
    REQUIRE(sign_up(s.port(), "Ada", password).status == 201);
    auto now = std::chrono::system_clock::now();
    s.state().accounts->set_clock([&now] { return now; });
    const auto from = [&](const std::string& address, const std::string& name, const std::string& typed) {
        return call_api(s.port(), "POST", "/api/sessions", {{"name", name}, {"password", typed}}, {},
                        {{"X-Forwarded-For", address}});
    };
    for (int i = 0; i < 10; ++i) CHECK(from("203.0.113.9", "Ada", "wrong " + std::to_string(i)).status == 401);
    CHECK(from("203.0.113.9", "Ada", password).status == 429);
    CHECK(from("203.0.113.9", "ADA", password).status == 429);  // the name however written
    // A forged entry before the proxy's own is not believed: still the attacker's address.
    CHECK(from("198.51.100.7, 203.0.113.9", "Ada", password).status == 429);
    // The owner, at her own address, signs in.
    CHECK(from("198.51.100.7", "Ada", password).status == 200);
    // A new password (here by the owner's change) clears the name's failures everywhere.
    const std::string cookie = from("198.51.100.7", "Ada", password).cookie();
    REQUIRE(call_api(s.port(), "POST", "/api/me/password", {{"old", password}, {"new", "another secret"}}, cookie,
                     {{"X-Forwarded-For", "198.51.100.7"}})
                .status == 200);
    CHECK(from("203.0.113.9", "Ada", "another secret").status == 200);
}

TEST_CASE("X-Forwarded-For counts for nothing unless the connection comes from the trusted proxy", "[server][accounts]") {
    account_server s;  // no --trusted-proxy
    REQUIRE(sign_up(s.port(), "Ada", password).status == 201);
    auto now = std::chrono::system_clock::now();
    s.state().accounts->set_clock([&now] { return now; });
    for (int i = 0; i < 10; ++i)
        CHECK(call_api(s.port(), "POST", "/api/sessions", {{"name", "Ada"}, {"password", "wrong"}}, {},
                       {{"X-Forwarded-For", "203.0.113." + std::to_string(i)}})
                  .status == 401);
    // Every attempt came from this one peer, whatever the header said.
    CHECK(call_api(s.port(), "POST", "/api/sessions", {{"name", "Ada"}, {"password", password}}, {},
                   {{"X-Forwarded-For", "198.51.100.7"}})
              .status == 429);
}

TEST_CASE("sign-ups are limited per address and on the node, each with 429 and Retry-After", "[server][accounts]") {
    auto config = test_config();
    config.trusted_proxy = "127.0.0.1";
    config.accounts.sign_ups_per_address = 2;
    config.accounts.sign_ups_per_minute = 3;
    account_server s(config);
    auto now = std::chrono::system_clock::now();
    s.state().accounts->set_clock([&now] { return now; });
    const auto from = [&](const std::string& address, const std::string& name) {
        return call_api(s.port(), "POST", "/api/accounts", {{"name", name}, {"password", password}}, {},
                        {{"X-Forwarded-For", address}});
    };
    CHECK(from("203.0.113.9", "Ada").status == 201);
    CHECK(from("203.0.113.9", "Bea").status == 201);
    const auto third = from("203.0.113.9", "Cy");
    CHECK(third.status == 429);
    CHECK(third.body["error"] == "rate_limited");
    CHECK(third.body["message"] == "too many sign-ups from this address; try again in 3600 s");
    CHECK(third.headers.at("retry-after") == "3600");
    CHECK(from("198.51.100.7", "Cy").status == 201);  // another address may
    const auto node_full = from("192.0.2.1", "Di");  // the node's three a minute are used
    CHECK(node_full.status == 429);
    CHECK(node_full.body["message"] == "too many sign-ups on this server just now; try again in 60 s");
    now += std::chrono::seconds(60);
    CHECK(from("192.0.2.1", "Di").status == 201);
    CHECK(from("203.0.113.9", "Ed").status == 429);  // still within its hour
}

TEST_CASE("a full hashing queue refuses at once with 503, reads never wait behind hashes, hashing threads run nicer",
          "[server][accounts]") {
    auto config = test_config();
    config.accounts.hash_threads = 1;
    config.accounts.hash_queue = 1;
    account_server s(config);
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);
    auto& service = *s.state().accounts;
    CHECK(service.hashing_threads() == 1);

    // Occupy the only place in the hashing queue until released; note the thread's niceness.
    std::promise<void> release;
    std::promise<int> niceness;
    auto held = release.get_future().share();
    const auto hold = [held, &niceness] {
        errno = 0;
        niceness.set_value(getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid))));
        held.wait();
    };
    // The sign-up's hash leaves the queue right after its answer was handed over: wait for that.
    bool posted = service.post_hashing(hold);
    for (int i = 0; i < 500 && !posted; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        posted = service.post_hashing(hold);
    }
    REQUIRE(posted);
    errno = 0;
    const int server_nice = getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
    CHECK(niceness.get_future().get() == std::min(19, server_nice + carc::server::accounts::hashing_nice_increment));

    const auto busy = sign_in(s.port(), "Ada", password);
    CHECK(busy.status == 503);
    CHECK(busy.body["error"] == "busy");
    CHECK(busy.headers.at("retry-after") == "1");
    CHECK(sign_up(s.port(), "Bea", password).status == 503);
    CHECK_FALSE(service.post_hashing([] {}));
    // Reads need no hash: answered while the hashing queue is full.
    const auto me = call_api(s.port(), "GET", "/api/me", nullptr, made.cookie());
    CHECK(me.status == 200);
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"auto_vacation", false}}, made.cookie()).status == 200);

    release.set_value();
    // The queue drains; sign-ins are hashed again.
    api_reply in;
    for (int i = 0; i < 500 && (in = sign_in(s.port(), "Ada", password)).status == 503; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(in.status == 200);
}

TEST_CASE("the account's language: chosen at sign-up, read and changed with /api/me, none before", "[server][accounts]") {
    account_server s;
    const auto russian = sign_up(s.port(), "Ada", password, {{"language", "ru"}});
    REQUIRE(russian.status == 201);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, russian.cookie()).body["language"] == "ru");
    // None chosen (an account made before, or a client that sends none): null, mails in English.
    const auto plain = sign_up(s.port(), "Bob", password);
    REQUIRE(plain.status == 201);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, plain.cookie()).body["language"] == nullptr);

    const auto changed = call_api(s.port(), "PATCH", "/api/me", {{"language", "en"}}, russian.cookie());
    CHECK(changed.status == 200);
    CHECK(changed.body["language"] == "en");
    CHECK(s.accounts().account_by_name("ada").value()->settings.language == "en");

    // Only the languages mails are written in; nothing else is stored.
    for (const json& bad : {json("de"), json(""), json(7), json(nullptr)}) {
        const auto refused = call_api(s.port(), "PATCH", "/api/me", {{"language", bad}}, russian.cookie());
        CHECK(refused.status == 400);
        CHECK(refused.body["message"] == std::string("field 'language': ") +
                                             (bad.is_string() ? "the language must be \"en\" or \"ru\"" : "a string"));
    }
    const auto bad_sign_up = sign_up(s.port(), "Cy", password, {{"language", "fr"}});
    CHECK(bad_sign_up.status == 400);
    CHECK(bad_sign_up.body["message"] == "field 'language': the language must be \"en\" or \"ru\"");
    CHECK_FALSE(s.accounts().account_by_name("cy").value().has_value());
    CHECK(s.accounts().account_by_name("ada").value()->settings.language == "en");
}

TEST_CASE("the sessions list says where each session signed in from, the client behind the trusted proxy",
          "[server][accounts]") {
    auto config = test_config();
    config.trusted_proxy = "127.0.0.1";  // the test connects from there: it plays the proxy
    account_server s(config);
    const auto made = call_api(s.port(), "POST", "/api/accounts", {{"name", "Ada"}, {"password", password}}, {},
                               {{"X-Forwarded-For", "203.0.113.7"}, {"User-Agent", "Phone browser"}});
    REQUIRE(made.status == 201);
    // A forged entry before the proxy's own names nobody: the proxy's last entry is the client.
    const auto in = call_api(s.port(), "POST", "/api/sessions", {{"name", "Ada"}, {"password", password}}, {},
                             {{"X-Forwarded-For", "198.51.100.1, 2001:db8::7"}, {"User-Agent", "Desk browser"}});
    REQUIRE(in.status == 200);
    const auto token = call_api(s.port(), "POST", "/api/me/device-tokens", {{"device", "laptop"}}, in.cookie(),
                                {{"X-Forwarded-For", "::ffff:192.0.2.44"}});
    REQUIRE(token.status == 201);

    const auto listed = call_api(s.port(), "GET", "/api/me/sessions", nullptr, in.cookie());
    REQUIRE(listed.status == 200);
    std::map<std::string, std::string> address_of;  // by device
    for (const auto& session : listed.body["sessions"])
        address_of[session["device"].get<std::string>()] = session["address"].get<std::string>();
    CHECK(address_of == std::map<std::string, std::string>{
                            {"Phone browser", "203.0.113.7"}, {"Desk browser", "2001:db8::7"}, {"laptop", "192.0.2.44"}});
}

TEST_CASE("without a trusted proxy a session's address is the connection's, whatever X-Forwarded-For says",
          "[server][accounts]") {
    account_server s;
    const auto made = call_api(s.port(), "POST", "/api/accounts", {{"name", "Ada"}, {"password", password}}, {},
                               {{"X-Forwarded-For", "203.0.113.7"}});
    REQUIRE(made.status == 201);
    const auto listed = call_api(s.port(), "GET", "/api/me/sessions", nullptr, made.cookie());
    REQUIRE(listed.body["sessions"].size() == 1);
    CHECK(listed.body["sessions"][0]["address"] == "127.0.0.1");
}
