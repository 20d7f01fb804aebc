// Web Push through the real server (docs/accounts.md, Notices) to a push service the test
// starts on loopback (push_service.hpp): the VAPID key is served and kept in the store; a
// subscription is stored for its session and refused with a reason when bad; a turn pushes one
// message per browser, encrypted so that npm's http_ece decrypts it and signed so that node's
// crypto verifies the VAPID JWT (push_interop.mjs); nothing while the player watches the game;
// a 410 removes the subscription; a push service that never answers holds up no one else;
// ending the session ends its subscriptions; a friend's challenge is pushed with its invite; a
// push that failed is sent after a restart.
#include <fstream>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "base/config.hpp"
#include "base/vapid_subject.hpp"
#include "carc/crypto/web_push.hpp"
#include "carc/testkit/command_output.hpp"
#include "carc/storage/notice_store.hpp"
#include "notices/notice_service.hpp"
#include "notices/push_rules.hpp"
#include "push_service.hpp"
#include "room_openings.hpp"
#include "util/wall_clock.hpp"
#include "silent_host.hpp"
#include "ws_client.hpp"
#include "wait_until.hpp"

using namespace carc::test;
namespace cr = carc::crypto;

namespace {

constexpr const char* password = "correct horse battery";

carc::server::server_config push_config() {
    auto config = test_config();
    config.notices.vapid_subject = "mailto:ops@example.org";
    config.notices.allow_private_push = true;  // the test's push service is on loopback, over http
    config.notices.retry_first = std::chrono::milliseconds(100);
    config.notices.retry_max = std::chrono::milliseconds(400);
    return config;
}

carc::server::notices::notice_service& sender(account_server& s) {
    auto* found = s.state().notice_sender.get();
    REQUIRE(found != nullptr);
    return *found;
}

carc::storage::NoticeStore& queue_of(account_server& s) { return dynamic_cast<carc::storage::NoticeStore&>(*s.store); }

// A browser's side of a subscription: its key pair and auth secret, as PushManager makes them.
struct browser_keys {
    cr::ec_key_pair pair = cr::generate_p256_key_pair().value();
    std::string auth = cr::base64url_encode("sixteen byte key");
    json subscription(const std::string& endpoint) const {
        return {{"endpoint", endpoint}, {"expirationTime", nullptr}, {"keys", {{"p256dh", pair.public_key}, {"auth", auth}}}};
    }
};

// What push_interop.mjs made of one pushed request: {vapid_key, subject, message}.
json read_independently(const pushed& request, const browser_keys& browser, const std::string& audience,
                        const std::filesystem::path& dir) {
    const json described = {{"body", [&] {
                                 // base64 for the JSON file; the script decodes it.
                                 static constexpr char a[] =
                                     "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
                                 std::string out;
                                 unsigned v = 0;
                                 int bits = 0;
                                 for (unsigned char c : request.body) {
                                     v = (v << 8) | c;
                                     bits += 8;
                                     while (bits >= 6) out.push_back(a[(v >> (bits -= 6)) & 63]);
                                 }
                                 if (bits > 0) out.push_back(a[(v << (6 - bits)) & 63]);
                                 while (out.size() % 4) out.push_back('=');
                                 return out;
                             }()},
                            {"authorization", request.headers.at("authorization")},
                            {"content_encoding", request.headers.at("content-encoding")},
                            {"audience", audience},
                            {"receiver_private", browser.pair.private_key},
                            {"receiver_public", browser.pair.public_key},
                            {"auth_secret", browser.auth}};
    const auto file = dir / "pushed.json";
    std::ofstream(file) << described.dump();
    const std::string command = std::string(CARC_TEST_NODE) + " " + CARC_PUSH_INTEROP_SCRIPT + " " +
                                CARC_E2E_NODE_MODULES + " " + file.string();
    const auto out = run_command(command);
    REQUIRE(out.exit_code == 0);
    return json::parse(out.text);
}

}  // namespace

TEST_CASE("the VAPID subject: mailto or https on a real host, localhost-style subjects refused", "[server][push]") {
    using carc::server::check_vapid_subject;
    CHECK_FALSE(check_vapid_subject("mailto:ops@example.org"));
    CHECK_FALSE(check_vapid_subject("https://example.org/contact"));
    CHECK(check_vapid_subject("mailto:ops@localhost") ==
          "the subject names this machine (localhost), which push services refuse: give a real address");
    CHECK(check_vapid_subject("https://localhost:8080/").has_value());
    CHECK(check_vapid_subject("https://carc.localhost").has_value());
    CHECK(check_vapid_subject("mailto:me@box.local").has_value());
    CHECK(check_vapid_subject("https://127.0.0.1/").has_value());
    CHECK(check_vapid_subject("https://[::1]/").has_value());
    CHECK(check_vapid_subject("http://example.org") == "the subject must be a mailto: or https: URL (RFC 8292)");
    CHECK(check_vapid_subject("mailto:") == "a mailto: subject needs an address: mailto:someone@example.org");
}

TEST_CASE("the server's VAPID key is served, kept in the store, and the same after a restart", "[server][push]") {
    std::string first;
    account_server s(push_config());
    const auto key = call_api(s.port(), "GET", "/api/push/key");
    REQUIRE(key.status == 200);
    first = key.body["publicKey"];
    CHECK(cr::valid_p256_public_key(cr::base64url_decode(first).value()));
    // The pair in the store is the one served (a second node reads the same row).
    const json stored = json::parse(queue_of(s).server_key("vapid", "unused").value());
    CHECK(stored["public"] == first);
    // Restarted on the same store: the same key.
    s.server.reset();
    s.server = std::make_unique<test_server>(push_config(), s.stores);
    CHECK(call_api(s.port(), "GET", "/api/push/key").body["publicKey"] == first);

    // Without a subject the server pushes nothing and says so.
    account_server off;
    const auto none = call_api(off.port(), "GET", "/api/push/key");
    CHECK(none.status == 404);
    CHECK(none.body["error"] == "push_off");
}

TEST_CASE("a subscription is stored for its session, and bad ones are refused with a reason", "[server][push]") {
    push_service service;
    auto config = push_config();
    config.notices.allow_private_push = false;
    account_server s(config);
    const auto ada = sign_up(s.port(), "Ada", password);
    const browser_keys browser;
    CHECK(call_api(s.port(), "POST", "/api/push/subscriptions", browser.subscription("https://push.example.net/a")).status ==
          401);  // signed in only

    const auto refused = [&](json body) {
        const auto reply = call_api(s.port(), "POST", "/api/push/subscriptions", body, ada.cookie());
        CHECK(reply.status == 400);
        CHECK(reply.body["error"] == "bad_subscription");
        return reply.body["message"].get<std::string>();
    };
    CHECK(refused(browser.subscription("http://push.example.net/a")) == "field 'endpoint': an https:// URL");
    CHECK(refused(browser.subscription("https://127.0.0.1:4000/a")) ==
          "field 'endpoint': the push service is on this machine or a private network");
    CHECK(refused(browser.subscription("https://10.1.2.3/a")) ==
          "field 'endpoint': the push service is on this machine or a private network");
    CHECK(refused(browser.subscription("https://push.example.net/" + std::string(1100, 'a'))) ==
          "field 'endpoint': at most 1024 bytes");
    json off_curve = browser.subscription("https://push.example.net/a");
    std::string point = cr::base64url_decode(browser.pair.public_key).value();
    point[64] = static_cast<char>(point[64] ^ 1);
    off_curve["keys"]["p256dh"] = cr::base64url_encode(point);
    CHECK(refused(off_curve) == "field 'keys.p256dh': not an uncompressed point on P-256 in base64url");
    json long_key = browser.subscription("https://push.example.net/a");
    long_key["keys"]["p256dh"] = std::string(200, 'A');
    CHECK(refused(long_key) == "field 'keys.p256dh': the browser's P-256 public key, base64url");
    json short_auth = browser.subscription("https://push.example.net/a");
    short_auth["keys"]["auth"] = cr::base64url_encode("fifteen bytes!!");
    CHECK(refused(short_auth) == "field 'keys.auth': not 16 bytes in base64url");
    CHECK(refused({{"endpoint", "https://push.example.net/a"}}) == "field 'keys': an object with p256dh and auth");
    CHECK(refused(json::array()) == "the body must be a JSON object: PushSubscription.toJSON()");
    const auto not_json = http_send("127.0.0.1", s.port(), "POST", "/api/push/subscriptions",
                                    {{"Cookie", "carc_session=" + ada.cookie()}, {"Content-Type", "application/json"}},
                                    "{\"endpoint\":");
    CHECK(not_json.status == 400);
    const auto oversized = http_send("127.0.0.1", s.port(), "POST", "/api/push/subscriptions",
                                     {{"Cookie", "carc_session=" + ada.cookie()}, {"Content-Type", "application/json"}},
                                     std::string(8000, ' '));
    CHECK(oversized.status == 413);
    CHECK(queue_of(s).push_subscriptions_of(ada.body["person"].get<std::string>()).value().empty());

    // A good one: stored for this session, listed without its secret parts.
    const auto made = call_api(s.port(), "POST", "/api/push/subscriptions",
                               browser.subscription("https://push.example.net/send/browser-secret-path"), ada.cookie());
    REQUIRE(made.status == 201);
    const auto listed = call_api(s.port(), "GET", "/api/push/subscriptions", nullptr, ada.cookie());
    REQUIRE(listed.body["subscriptions"].size() == 1);
    const json& mine = listed.body["subscriptions"][0];
    CHECK(mine["id"] == made.body["id"]);
    CHECK(mine["service"] == "https://push.example.net");
    CHECK(mine["this_device"] == true);
    CHECK(listed.body.dump().find("browser-secret-path") == std::string::npos);  // the endpoint's path stays private
    const auto sessions = call_api(s.port(), "GET", "/api/me/sessions", nullptr, ada.cookie());
    CHECK(sessions.body["sessions"][0]["push_subscriptions"] == 1);

    // Someone else cannot remove it; its owner can.
    const auto bob = sign_up(s.port(), "Bob", password);
    const std::string path = "/api/push/subscriptions/" + std::to_string(made.body["id"].get<std::int64_t>());
    CHECK(call_api(s.port(), "DELETE", path, nullptr, bob.cookie()).status == 404);
    CHECK(call_api(s.port(), "DELETE", "/api/push/subscriptions/x1", nullptr, ada.cookie()).status == 404);
    CHECK(call_api(s.port(), "DELETE", path, nullptr, ada.cookie()).status == 204);
    CHECK(call_api(s.port(), "GET", "/api/push/subscriptions", nullptr, ada.cookie()).body["subscriptions"].empty());
}

TEST_CASE("a turn's push is decrypted by http_ece and its VAPID header verified by node, once, never while watching",
          "[server][push]") {
    push_service service;
    account_server s(push_config());
    const auto ada = sign_up(s.port(), "Ada", password);
    const std::string person = ada.body["person"];
    const browser_keys phone;
    const browser_keys laptop;
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", phone.subscription(service.endpoint("phone")),
                     ada.cookie())
                .status == 201);
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", laptop.subscription(service.endpoint("laptop")),
                     ada.cookie())
                .status == 201);

    // Watching the game (a connection that never said `watch` watches its rooms): no push.
    const std::map<std::string, std::string> headers{{"Cookie", "carc_session=" + ada.cookie()}, {"Origin", s.origin()}};
    auto tab = std::make_unique<ws_client>(s.port(), headers);
    REQUIRE(tab->hello("Ada")["type"] == "welcome");
    const std::string room = open_room(*tab, {{"seats", 2}, {"name", "Sunday game"}})["room"];
    REQUIRE(tab->request({{"type", "watch"}, {"room", room}})["type"] == "ack");
    CHECK(sender(s).watching(room, person));
    sender(s).your_turn(room, person, 1'900'000'000'000);
    tab.reset();
    wait_until([&] { return !sender(s).watching(room, person); });

    // Not watching: one push to each browser, and only one.
    sender(s).your_turn(room, person, carc::server::unix_ms() + 3'600'000);
    wait_until([&] { return service.requests().size() == 2 && queue_of(s).queued_notices().value() == 0; });
    const auto requests = service.requests();
    std::map<std::string, pushed> by_target;
    for (const auto& r : requests) by_target[r.target] = r;
    REQUIRE(by_target.count("/push/phone") == 1);
    REQUIRE(by_target.count("/push/laptop") == 1);
    const pushed& to_phone = by_target["/push/phone"];
    CHECK(to_phone.headers.at("content-type") == "application/octet-stream");
    CHECK(to_phone.headers.at("urgency") == "normal");
    const int ttl = std::stoi(to_phone.headers.at("ttl"));
    CHECK(ttl > 3500);
    CHECK(ttl <= 3600);  // until the move's deadline

    const json read = read_independently(to_phone, phone, service.origin(), s.dir);
    CHECK(read["vapid_key"] == call_api(s.port(), "GET", "/api/push/key").body["publicKey"]);
    CHECK(read["subject"] == "mailto:ops@example.org");
    CHECK(read["message"] == json{{"title", "Your turn"},
                                  {"body", "Your turn in Sunday game"},
                                  {"url", "/#/room/" + room},
                                  {"tag", "room-" + room},
                                  {"kind", "your_turn"},
                                  {"game", "Sunday game"}});
    // The laptop's copy is encrypted for the laptop alone.
    CHECK(read_independently(by_target["/push/laptop"], laptop, service.origin(), s.dir)["message"]["url"] ==
          "/#/room/" + room);

    // Turned off in the account's settings: no more pushes.
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"notices", {{"webpush", false}}}}, ada.cookie()).status == 200);
    sender(s).your_turn("r2", person, 0);
    wait_until([&] { return queue_of(s).queued_notices().value() == 0; });
    CHECK(service.requests().size() == 2);
}

TEST_CASE("a push service answering 410 removes that subscription, a 500 is tried again", "[server][push]") {
    push_service service;
    account_server s(push_config());
    const auto ada = sign_up(s.port(), "Ada", password);
    const std::string person = ada.body["person"];
    const browser_keys old_phone;
    const browser_keys flaky;
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", old_phone.subscription(service.endpoint("gone")),
                     ada.cookie())
                .status == 201);
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", flaky.subscription(service.endpoint("flaky")),
                     ada.cookie())
                .status == 201);
    service.answer("/push/gone", 410);
    service.answer("/push/flaky", 500);

    sender(s).your_turn("r1", person, 0);
    wait_until([&] { return queue_of(s).push_subscriptions_of(person).value().size() == 1; });
    CHECK(queue_of(s).push_subscriptions_of(person).value()[0].endpoint == service.endpoint("flaky"));
    // The 500 is retried with back-off until the service takes it; then the queue is empty.
    wait_until([&] { return sender(s).failed_attempts() >= 1; });
    service.answer("/push/flaky", 201);
    wait_until([&] { return queue_of(s).queued_notices().value() == 0; });
    int gone = 0;
    int flaky_tries = 0;
    for (const auto& r : service.requests()) (r.target == "/push/gone" ? gone : flaky_tries)++;
    CHECK(gone == 1);
    CHECK(flaky_tries >= 2);

    // The next turn goes to the one left.
    const auto before = service.requests().size();
    sender(s).your_turn("r2", person, 0);
    wait_until([&] { return service.requests().size() == before + 1 && queue_of(s).queued_notices().value() == 0; });
    CHECK(service.requests().back().target == "/push/flaky");
}

TEST_CASE("a push service that never answers holds up no one else's push", "[server][push]") {
    push_service service;
    silent_host silent;
    account_server s(push_config());
    const auto bob = sign_up(s.port(), "Bob", password);
    const auto carl = sign_up(s.port(), "Carl", password);
    const browser_keys bobs;
    const browser_keys carls;
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", bobs.subscription(silent.url()), bob.cookie()).status ==
            201);
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", carls.subscription(service.endpoint("carl")),
                     carl.cookie())
                .status == 201);
    for (const char* room : {"r1", "r2", "r3"}) sender(s).your_turn(room, bob.body["person"], 0);
    sender(s).your_turn("r4", carl.body["person"], 0);
    wait_until([&] { return service.requests().size() == 1; });
    CHECK(service.requests()[0].target == "/push/carl");
    // Carl's push leaves the queue once his service has answered (a moment after it got the
    // request); Bob's three stay, his service still holding the first.
    wait_until([&] { return queue_of(s).queued_notices().value() == 3; }, "Carl's push to leave the queue");
    CHECK(sender(s).failed_attempts() == 0);
    CHECK(queue_of(s).queued_notices().value() == 3);
}

TEST_CASE("ending a session ends its browser's subscriptions", "[server][push]") {
    account_server s(push_config());
    const auto ada = sign_up(s.port(), "Ada", password);
    const auto phone = sign_in(s.port(), "Ada", password);
    const browser_keys keys;
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", keys.subscription("https://push.example.net/p"),
                     phone.cookie())
                .status == 201);
    const auto listed = call_api(s.port(), "GET", "/api/push/subscriptions", nullptr, ada.cookie());
    REQUIRE(listed.body["subscriptions"].size() == 1);
    CHECK(listed.body["subscriptions"][0]["this_device"] == false);
    const std::string session = listed.body["subscriptions"][0]["session"];
    REQUIRE(call_api(s.port(), "DELETE", "/api/me/sessions/" + session, nullptr, ada.cookie()).status / 100 == 2);
    CHECK(call_api(s.port(), "GET", "/api/push/subscriptions", nullptr, ada.cookie()).body["subscriptions"].empty());
}

TEST_CASE("a friend's challenge is pushed with the invite's link and kept a day", "[server][push]") {
    push_service service;
    account_server s(push_config());
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    for (const auto& [who, whom] : {std::pair{&ada, &bob}, std::pair{&bob, &ada}})
        REQUIRE(call_api(s.port(), "PUT", "/api/me/follows/" + whom->name, nullptr, who->auth()).status == 200);
    const browser_keys phone;
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", phone.subscription(service.endpoint("bob")), bob.auth())
                .status == 201);

    const json created = ada.ws->request({{"type", "challenge"}, {"name", "Bob"}, {"settings", {{"seats", 2}}}});
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    const auto notice = bob.ws->wait_for([](const json& m) { return m["type"] == "notice" && m["kind"] == "challenge"; });
    REQUIRE(notice.has_value());
    wait_until([&] { return !service.requests().empty() && queue_of(s).queued_notices().value() == 0; });
    REQUIRE(service.requests().size() == 1);
    const json read = read_independently(service.requests()[0], phone, service.origin(), s.dir);
    CHECK(read["message"] == json{{"title", "A challenge"},
                                  {"body", "Ada challenges you to a game of Carcassonne"},
                                  {"url", "/#/invite/" + (*notice)["invite"].get<std::string>()},
                                  {"tag", "challenge-" + room},
                                  {"kind", "challenge"},
                                  {"from", "Ada"}});
    CHECK(service.requests()[0].headers.at("ttl") == "86400");
}

TEST_CASE("a push that failed is sent after a restart, once", "[server][push]") {
    push_service service;
    account_server s(push_config());
    const auto ada = sign_up(s.port(), "Ada", password);
    const std::string person = ada.body["person"];
    const browser_keys phone;
    REQUIRE(call_api(s.port(), "POST", "/api/push/subscriptions", phone.subscription(service.endpoint("phone")),
                     ada.cookie())
                .status == 201);
    service.answer("/push/phone", 503);
    sender(s).your_turn("r1", person, 0);
    wait_until([&] { return sender(s).failed_attempts() >= 1; });
    s.server.reset();  // stopped with the push still queued
    CHECK(queue_of(s).queued_notices().value() == 1);
    const auto tried = service.requests().size();

    service.answer("/push/phone", 201);
    s.server = std::make_unique<test_server>(push_config(), s.stores);
    wait_until([&] { return queue_of(s).queued_notices().value() == 0; });
    CHECK(service.requests().size() == tried + 1);
    CHECK(sender(s).sent() == 1);
}
