// Friends across nodes (docs/friends.md): blocks and challenges live in PostgreSQL, so a block
// made through one node stops the blocked person's chat lines in a room another node owns, and
// a challenge made at one node is declined at another, the challenger told where they are, and a
// turn of a turn-based game is told to its player at whichever node they are connected to.
#include <algorithm>

#include <catch2/catch.hpp>

#include "cluster_fixture.hpp"
#include "util/wall_clock.hpp"

using namespace carc::test;

namespace {

struct member {
    std::string name;
    std::string token;
    std::unique_ptr<ws_client> ws;
};

// An account made at `made_at`, its WebSocket signed in at `connected_to`.
member sign_up_at(cluster& nodes, int made_at, int connected_to, const std::string& name) {
    const auto made = http_send("127.0.0.1", nodes.port(made_at), "POST", "/api/accounts",
                                {{"Content-Type", "application/json"}},
                                json{{"name", name}, {"password", "correct horse battery"}, {"want_token", true}}.dump());
    INFO(made.body);
    REQUIRE(made.status == 201);
    member m{name, json::parse(made.body)["token"], std::make_unique<ws_client>(nodes.port(connected_to))};
    const json welcome = m.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", m.token}});
    INFO(welcome.dump());
    REQUIRE(welcome["account"] == name);
    return m;
}

// PUT (on) a follow or a block of `name` by `who`, at node `at`.
void put_edge(cluster& nodes, int at, const member& who, const std::string& edge, const std::string& name) {
    const auto put = http_send("127.0.0.1", nodes.port(at), "PUT", "/api/me/" + edge + "/" + name,
                               {{"Authorization", "Bearer " + who.token}}, "");
    INFO(put.body);
    REQUIRE(put.status == 200);
}

json say(member& who, const std::string& room, const std::string& text) {
    return who.ws->request({{"type", "chat"}, {"room", room}, {"text", text}});
}

bool is_notice(const json& m, const char* kind) { return m["type"] == "notice" && m["kind"] == kind; }

}  // namespace

TEST_CASE("a block made at one node stops the blocked person's chat in a room of another node",
          "[multinode][friends]") {
    cluster nodes(2);
    // Everyone is at node 1, in a room node 1 owns; Bob signed in there before he blocks Ada.
    member ada = sign_up_at(nodes, 0, 1, "Ada");
    member bob = sign_up_at(nodes, 0, 1, "Bob");
    member cy = sign_up_at(nodes, 0, 1, "Cy");
    const json created = ada.ws->request({{"type", "create_room"}, {"seats", 3}});
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    for (member* m : {&bob, &cy}) REQUIRE(m->ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");

    put_edge(nodes, 0, bob, "blocks", "Ada");  // through node 0
    REQUIRE(say(ada, room, "Ada after the block")["type"] == "ack");
    // Cy blocks nobody: Ada's line reaches Cy.
    CHECK(cy.ws->wait_for([](const json& m) { return m["type"] == "chat" && m["text"] == "Ada after the block"; }));
    REQUIRE(say(cy, room, "Cy after Ada")["type"] == "ack");
    std::vector<std::string> bob_got;
    const auto cy_line = bob.ws->wait_for([&](const json& m) {
        if (m["type"] == "chat") bob_got.push_back(m["text"]);
        return m["type"] == "chat" && m["text"] == "Cy after Ada";
    });
    REQUIRE(cy_line.has_value());
    CHECK(std::find(bob_got.begin(), bob_got.end(), "Ada after the block") == bob_got.end());
}

TEST_CASE("a challenge made at one node is declined at another and the challenger is told",
          "[multinode][friends]") {
    cluster nodes(2);
    member ada = sign_up_at(nodes, 0, 0, "Ada");  // the challenger, at node 0
    member bob = sign_up_at(nodes, 1, 1, "Bob");  // the friend, at node 1
    put_edge(nodes, 0, ada, "follows", "Bob");
    put_edge(nodes, 1, bob, "follows", "Ada");

    const json created = ada.ws->request({{"type", "challenge"}, {"name", "Bob"}, {"settings", {{"seats", 2}}}});
    INFO(created.dump());
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    // The page notice reaches Bob at the other node.
    const auto notice = bob.ws->wait_for([](const json& m) { return is_notice(m, "challenge"); });
    REQUIRE(notice.has_value());
    CHECK((*notice)["room"] == room);
    CHECK((*notice)["from"] == "Ada");

    const json declined = bob.ws->request({{"type", "decline_challenge"}, {"room", room}});
    INFO(declined.dump());
    CHECK(declined["type"] == "ack");
    const auto told = ada.ws->wait_for([](const json& m) { return is_notice(m, "challenge_declined"); });
    REQUIRE(told.has_value());
    CHECK((*told)["room"] == room);
    CHECK((*told)["from"] == "Bob");
    // Declined once: the challenge is gone at every node.
    CHECK(bob.ws->request({{"type", "decline_challenge"}, {"room", room}})["params"]["reason"] == "no_such_challenge");
}

TEST_CASE("a turn-based turn's page notice reaches the mover at the other node", "[multinode][friends]") {
    cluster nodes(2);
    // A game at node 0; Bob then leaves node 0 and is signed in at node 1 only.
    member ada = sign_up_at(nodes, 0, 0, "Ada");
    member bob = sign_up_at(nodes, 0, 0, "Bob");
    const json created = ada.ws->request({{"type", "create_room"}, {"seats", 2}, {"move_time_s", 86400}});
    INFO(created.dump());
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    REQUIRE(bob.ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");
    viewer ada_view{*ada.ws, room};
    REQUIRE(ada_view.request({{"type", "start"}, {"room", room}})["type"] == "ack");
    REQUIRE(ada_view.wait_until([](const json& v) { return v["game"].is_object() && v["game"]["decider"] == 0; }));
    bob.ws->close();
    REQUIRE(bob.ws->wait_closed());
    auto bob_elsewhere = std::make_unique<ws_client>(nodes.port(1));
    REQUIRE(bob_elsewhere->request({{"type", "hello"}, {"protocol", 1}, {"name", "Bob"}, {"session", bob.token}})["type"] ==
            "welcome");

    // Ada moves (her tile, then her follower or none): the turn is Bob's, and node 0 tells him at node 1.
    while (ada_view.view["game"]["decider"] == 0) REQUIRE(play_first(ada_view)["type"] == "ack");
    const auto notice = bob_elsewhere->wait_for([&](const json& m) { return is_notice(m, "your_turn") && m["room"] == room; },
                                                std::chrono::seconds(10));
    REQUIRE(notice.has_value());
    CHECK((*notice)["deadline_ms"].get<std::int64_t>() > carc::server::unix_ms() + 86'000'000);
}
