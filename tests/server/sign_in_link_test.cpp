// Sign-in by a mailed link and device tokens through the real server (docs/accounts.md,
// "Sign-in by a mailed link"), with a real SMTP server (smtp_sink.py on python3-aiosmtpd), on
// SQLite and on PostgreSQL: the link signs in once, only in the browser that asked; asking
// reveals nothing; expiry with the store's clock given; a device token signs the terminal in.
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "store_backends.hpp"
#include "mail_fixture.hpp"
#include "carc/storage/sign_in_link_store.hpp"
#include "smtp_sink.hpp"

using namespace carc::test;
namespace st = carc::storage;

namespace {

constexpr const char* password = mail_password;
constexpr const char* public_url = mail_public_url;

// A value a Set-Cookie header of `reply` gives the cookie `name` ("" when none).
std::string set_cookie(const api_reply& reply, const std::string& name) {
    const auto it = reply.headers.find("set-cookie");
    if (it == reply.headers.end()) return {};
    // Several Set-Cookie headers arrive joined; find this cookie's.
    const std::string& all = it->second;
    const auto at = all.find(name + "=");
    if (at == std::string::npos) return {};
    const auto start = at + name.size() + 1;
    return all.substr(start, all.find(';', start) - start);
}

api_reply ask_link(account_server& s, const std::string& who, const std::string& browser_cookie = {}) {
    std::map<std::string, std::string> headers;
    if (!browser_cookie.empty()) headers["Cookie"] = "carc_link_browser=" + browser_cookie;
    return call_api(s.port(), "POST", "/api/sign-in-link", {{"account", who}}, {}, headers);
}

api_reply open_link(account_server& s, const std::string& link, const std::string& browser_cookie) {
    std::map<std::string, std::string> headers;
    if (!browser_cookie.empty()) headers["Cookie"] = "carc_link_browser=" + browser_cookie;
    REQUIRE(link.starts_with(public_url));
    return call_api(s.port(), "GET", link.substr(std::string(public_url).size()), nullptr, {}, headers);
}

void link_signs_in_once_in_its_browser(backend kind) {
    smtp_sink mail(free_port());
    auto s = server_on(kind, "sign_in_link_", mail_config(mail.port()));
    const std::string ada = confirmed_account(*s, "Ada", "ada@example.org").first;
    sign_up(s->port(), "Bob", password);  // no address: no mail

    // The answer is the same for an account with a confirmed address, one without, and nobody.
    const auto asked = ask_link(*s, "ada");
    REQUIRE(asked.status == 202);
    const std::string nonce = set_cookie(asked, "carc_link_browser");
    REQUIRE(nonce.size() == 64);
    CHECK(asked.headers.at("set-cookie").find("HttpOnly") != std::string::npos);
    const auto bob = ask_link(*s, "Bob");
    const auto nobody = ask_link(*s, "nobody@example.org");
    CHECK(bob.status == 202);
    CHECK(nobody.status == 202);
    CHECK(bob.body == asked.body);
    CHECK(nobody.body == asked.body);
    CHECK(set_cookie(nobody, "carc_link_browser").size() == 64);

    const std::string letter = mail.wait_for_mail(1);
    CHECK(letter.find("X-Rcpt-To: ada@example.org") != std::string::npos);
    const std::string link = mail_link(letter, std::string(public_url) + "/api/sign-in-link?t=");
    REQUIRE_FALSE(link.empty());
    // Only the hashes are stored: neither the link's token nor the browser's nonce.
    const std::string token = link.substr(link.find("t=") + 2);
    CHECK(s->stores.sign_in_links->use_sign_in_link(st::TokenHash::of_token(token), st::TokenHash::of_token("x"),
                                                    0)
              ->outcome == st::SignInLinkOutcome::other_browser);

    // Another browser (no nonce, or another one's) is refused and the link keeps working.
    const auto elsewhere = open_link(*s, link, "");
    CHECK(elsewhere.status == 403);
    CHECK(set_cookie(elsewhere, "carc_session").empty());
    CHECK(open_link(*s, link, set_cookie(nobody, "carc_link_browser")).status == 403);

    // The browser that asked: signed in, sent on to the client, the nonce cleared.
    const auto opened = open_link(*s, link, nonce);
    INFO(opened.headers.at("set-cookie"));
    REQUIRE(opened.status == 303);
    CHECK(opened.headers.at("location") == "/#/account");
    const std::string session = set_cookie(opened, "carc_session");
    REQUIRE(session.size() >= 32);
    const auto me = call_api(s->port(), "GET", "/api/me", nullptr, session);
    CHECK(me.status == 200);
    CHECK(me.body["person"] == ada);
    // The account keeps its password.
    CHECK(sign_in(s->port(), "Ada", password).status == 200);

    // Once only.
    CHECK(open_link(*s, link, nonce).status == 404);
    // Bob (no confirmed address) and nobody got no mail.
    CHECK(mail.mails().size() == 1);
}

}  // namespace

TEST_CASE("sign-in link on SQLite: mailed to the confirmed address only, signs in once, only in the browser "
          "that asked",
          "[server][sign_in_link]") {
    link_signs_in_once_in_its_browser(backend::sqlite);
}

TEST_CASE("sign-in link on PostgreSQL: mailed to the confirmed address only, signs in once, only in the browser "
          "that asked",
          "[server][sign_in_link][postgres]") {
    link_signs_in_once_in_its_browser(backend::postgres);
}

TEST_CASE("sign-in link: the store refuses an expired link (its clock given) and deletes it, on both databases",
          "[server][sign_in_link][postgres]") {
    for (const backend kind : {backend::sqlite, backend::postgres}) {
        auto s = server_on(kind, "sign_in_link_");
        const auto made = sign_up(s->port(), "Ada", password);
        REQUIRE(made.status == 201);
        auto& links = *s->stores.sign_in_links;
        const auto browser = st::TokenHash::of_token("nonce");
        const st::TimeMs made_at = 1'000'000;
        const st::SignInLink link{.token_hash = st::TokenHash::of_token("token-1"),
                                  .person_id = made.body["person"],
                                  .browser_hash = browser,
                                  .email = "ada@example.org",
                                  .expires_at_ms = made_at + 15 * 60 * 1000};
        REQUIRE(links.add_sign_in_link(link, made_at).ok());
        // A millisecond before it expires it would work (another browser's try keeps it); at
        // its expiry it is refused and gone.
        CHECK(links.use_sign_in_link(link.token_hash, st::TokenHash::of_token("other"), link.expires_at_ms - 1)
                  ->outcome == st::SignInLinkOutcome::other_browser);
        CHECK(links.use_sign_in_link(link.token_hash, browser, link.expires_at_ms)->outcome ==
              st::SignInLinkOutcome::expired);
        CHECK(links.use_sign_in_link(link.token_hash, browser, made_at)->outcome == st::SignInLinkOutcome::unknown);
        // A fresh one works once, before its expiry.
        auto second = link;
        second.token_hash = st::TokenHash::of_token("token-2");
        REQUIRE(links.add_sign_in_link(second, made_at).ok());
        const auto used = links.use_sign_in_link(second.token_hash, browser, second.expires_at_ms - 1);
        CHECK(used->outcome == st::SignInLinkOutcome::signed_in);
        CHECK(used->person_id == link.person_id);
        CHECK(used->email == "ada@example.org");
        CHECK(links.use_sign_in_link(second.token_hash, browser, made_at)->outcome == st::SignInLinkOutcome::unknown);
    }
}

TEST_CASE("a device token made from a signed-in page is a session of kind token, listed, and signs the terminal in",
          "[server][sign_in_link]") {
    account_server s;
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);
    CHECK(call_api(s.port(), "POST", "/api/me/device-tokens", json::object()).status == 401);
    const auto token = call_api(s.port(), "POST", "/api/me/device-tokens", {{"device", "carc-term"}}, made.cookie());
    REQUIRE(token.status == 201);
    CHECK(token.body["device"] == "carc-term");
    const std::string secret = token.body["token"];
    const auto listed = call_api(s.port(), "GET", "/api/me/sessions", nullptr, made.cookie());
    bool found = false;
    for (const json& session : listed.body["sessions"])
        if (session["id"] == token.body["session"]) {
            found = true;
            CHECK(session["kind"] == "token");
            CHECK(session["device"] == "carc-term");
        }
    CHECK(found);
    ws_client ws(s.port());
    const json welcome = ws.request({{"type", "hello"}, {"protocol", 1}, {"name", "Ada"}, {"session", secret}});
    CHECK(welcome["account"] == "Ada");
    // Ending it from the page ends it.
    REQUIRE(call_api(s.port(), "DELETE", "/api/me/sessions/" + token.body["session"].get<std::string>(), nullptr,
                     made.cookie())
                .status == 200);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, "Bearer " + secret).status == 401);
}
