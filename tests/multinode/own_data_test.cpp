// A person's own data across nodes (docs/accounts.md, "Your own data"): the exports' limit is
// counted in the store, so two nodes together allow `--exports-per-hour`; deleting the account
// at one node resigns its seat in a running game another node holds (every node follows the
// store's log and resigns the seats in the rooms it holds).
#include <thread>

#include <catch2/catch.hpp>

#include "cluster_fixture.hpp"

using namespace carc::test;

namespace {

constexpr const char* password = "correct horse battery";

struct member {
    std::string name;
    std::string token;
    std::unique_ptr<ws_client> ws;
};

std::map<std::string, std::string> bearer(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }

// An account made at node 0, its WebSocket signed in at `connected_to`.
member sign_up(cluster& nodes, int connected_to, const std::string& name) {
    const auto made = http_send("127.0.0.1", nodes.port(0), "POST", "/api/accounts",
                                {{"Content-Type", "application/json"}},
                                json{{"name", name}, {"password", password}, {"want_token", true}}.dump());
    INFO(made.body);
    REQUIRE(made.status == 201);
    member m{name, json::parse(made.body)["token"], std::make_unique<ws_client>(nodes.port(connected_to))};
    const json welcome = m.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", m.token}});
    REQUIRE(welcome["account"] == name);
    return m;
}

}  // namespace

TEST_CASE("own data: exports are limited for both nodes together", "[multinode][accounts]") {
    cluster nodes(2, {"--exports-per-hour", "3"});
    member ada = sign_up(nodes, 0, "Ada");
    // Two at node 0, one at node 1: three in the hour.
    for (int node : {0, 0, 1}) {
        const auto exported = http_get(nodes.port(node), "/api/me/export", bearer(ada.token));
        INFO(node << ": " << exported.status);
        REQUIRE(exported.status == 200);
    }
    // The fourth is refused at either node (node 1 counted one of its own only).
    for (int node : {1, 0}) {
        const auto refused = http_get(nodes.port(node), "/api/me/export", bearer(ada.token));
        INFO(node << ": " << refused.body);
        CHECK(refused.status == 429);
        CHECK(json::parse(refused.body)["error"] == "rate_limited");
    }
    // Another account has a limit of its own.
    member bob = sign_up(nodes, 1, "Bob");
    CHECK(http_get(nodes.port(1), "/api/me/export", bearer(bob.token)).status == 200);
}

TEST_CASE("own data: deleting the account at one node resigns its running game at the other",
          "[multinode][accounts]") {
    cluster nodes(2);
    member ada = sign_up(nodes, 0, "Ada");
    member cy = sign_up(nodes, 0, "Cy");
    const json created = ada.ws->request({{"type", "create_room"}, {"seats", 2}});
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    REQUIRE(cy.ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");
    REQUIRE(ada.ws->request({{"type", "start"}, {"room", room}})["type"] == "ack");

    // Node 1 takes the deletion; node 0 holds the room.
    const auto deleted = http_send("127.0.0.1", nodes.port(1), "DELETE", "/api/me",
                                   {{"Content-Type", "application/json"}, {"Authorization", "Bearer " + ada.token}},
                                   json{{"password", password}}.dump());
    INFO(deleted.body);
    REQUIRE(deleted.status == 200);
    CHECK(json::parse(deleted.body) == json{{"deleted", true}, {"rooms_left", 1}});

    // Ada's seat is resigned at node 0, so Cy won: the record says so (up to 20 s on a loaded machine).
    json record;
    for (int i = 0; i < 1000; ++i) {
        const auto read = http_get(nodes.port(0), "/api/games/" + room);
        if (read.status == 200) record = json::parse(read.body);
        if (record.value("status", "") == "finished") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    INFO(record.dump());
    REQUIRE(record["status"] == "finished");
    CHECK(record["players"][0]["resigned"] == true);
    CHECK(record["players"][0]["name"] == "deleted player");
    CHECK(record["players"][1]["name"] == "Cy");
}
