// Web Push on two nodes sharing PostgreSQL (docs/accounts.md, Notices): both nodes serve the one
// VAPID key the first made and stored; a subscription made at one node is pushed to by the
// other; when a turn-based game's turn passes, at whichever node runs it, the push reaches the
// push service (push_service.hpp) exactly once, though both nodes send from the shared queue.
#include "cluster_fixture.hpp"
#include "node_accounts.hpp"
#include "carc/crypto/web_push.hpp"
#include "persist_driver.hpp"
#include "push_service.hpp"
#include "wait_until.hpp"

using namespace carc::test;

namespace {

// Ada at node `at` creates a turn-based game with Bob, starts it and makes her whole first
// turn; Bob's connection shows no room, so the turn comes to him unwatched. The room's id.
std::string pass_turn_to_bob(cluster& c, int at, const std::string& ada_token, const std::string& bob_token) {
    ws_client ada_ws(c.port(at));
    REQUIRE(ada_ws.request({{"type", "hello"}, {"protocol", 1}, {"name", "Ada"}, {"session", ada_token}})["type"] ==
            "welcome");
    ws_client bob_ws(c.port(at));
    REQUIRE(bob_ws.request({{"type", "hello"}, {"protocol", 1}, {"name", "Bob"}, {"session", bob_token}})["type"] ==
            "welcome");
    const json created = ada_ws.request({{"type", "create_room"}, {"seats", 2}, {"move_time_s", 86400}});
    INFO(created.dump());
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    REQUIRE(bob_ws.request({{"type", "join"}, {"room", room}})["type"] == "joined");
    REQUIRE(bob_ws.request({{"type", "watch"}, {"room", nullptr}})["type"] == "ack");
    viewer ada{ada_ws, room};
    REQUIRE(ada.request({{"type", "start"}, {"room", room}})["type"] == "ack");
    REQUIRE(ada.wait_until([](const json& v) { return v["game"].is_object() && v["game"]["decider"] == 0; }));
    while (ada.view["game"]["decider"] == 0) {
        REQUIRE(play_first(ada)["type"] == "ack");
        ada.sync();
    }
    return room;
}

}  // namespace

TEST_CASE("web push: one key for both nodes, a turn at either node pushed exactly once", "[multinode][push]") {
    push_service service;
    cluster c(2, {"--vapid-subject", "mailto:ops@example.org", "--allow-private-push"});
    const auto key0 = call(c.port(0), "GET", "/api/push/key", nullptr, {});
    const auto key1 = call(c.port(1), "GET", "/api/push/key", nullptr, {});
    REQUIRE(key0.status == 200);
    CHECK(json::parse(key0.body)["publicKey"] == json::parse(key1.body)["publicKey"]);

    const std::string ada = sign_up_at(c.port(0), "Ada").token;
    const std::string bob = sign_up_at(c.port(0), "Bob").token;
    const auto keys = carc::crypto::generate_p256_key_pair().value();
    const json subscription = {{"endpoint", service.endpoint("bob")},
                               {"keys", {{"p256dh", keys.public_key}, {"auth", carc::crypto::base64url_encode("sixteen byte key")}}}};
    REQUIRE(call(c.port(1), "POST", "/api/push/subscriptions", subscription, bob).status == 201);

    const auto pushed_to_bob = [&](std::size_t n) {
        wait_until([&] { return service.requests().size() >= n && c.query("SELECT count(*) FROM notice_queue") == "0"; },
                   "the push sent and the queue empty");
        CHECK(service.requests().size() == n);
    };
    pass_turn_to_bob(c, 0, ada, bob);
    pushed_to_bob(1);
    pass_turn_to_bob(c, 1, ada, bob);
    pushed_to_bob(2);
    for (const auto& request : service.requests()) {
        CHECK(request.target == "/push/bob");
        CHECK(request.headers.at("authorization").ends_with(", k=" + json::parse(key0.body)["publicKey"].get<std::string>()));
    }
}
