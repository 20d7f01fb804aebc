// Tournaments on two nodes (docs/tournaments.md, "Several nodes"): a node that dies between
// storing a round and opening its games (a test switch ends it right there) leaves the round to
// the other node, which opens each game once its lease ran out, so the players can play and the
// round ends; room ids come from the store's counter, so the node started again never hands
// out one of the round's ids.
#include <set>
#include <sys/wait.h>

#include "cluster_fixture.hpp"
#include "node_accounts.hpp"
#include "wait_until.hpp"

using namespace carc::test;

namespace {

// A guest's new room at `port`: its id.
std::string open_guest_room(unsigned short port) {
    ws_client guest(port);
    REQUIRE(guest.hello("Guest")["type"] == "welcome");
    const json created = guest.request({{"type", "create_room"}, {"seats", 2}});
    INFO(created.dump());
    REQUIRE(created["type"] == "room_created");
    return created["room"];
}

}  // namespace

TEST_CASE("a round whose node died before opening its games is opened by the other node, its ids never reissued",
          "[multinode][tournaments]") {
    cluster c(0, {"--tournament-sweep-ms", "100"});
    c.start_node(0, {"--test-exit-after-round-stored"});
    c.start_node(1);
    std::map<std::string, node_account> players;
    for (const char* name : {"Ada", "Bob", "Cy", "Dee"}) players[name] = sign_up_at(c.port(1), name);
    const auto made = call(c.port(1), "POST", "/api/tournaments", {{"name", "Club night"}, {"rounds", 1}},
                           players["Ada"].token);
    INFO(made.body);
    REQUIRE(made.status == 201);
    const std::string id = json::parse(made.body)["id"];
    for (const char* name : {"Bob", "Cy", "Dee"})
        REQUIRE(call(c.port(1), "POST", "/api/tournaments/" + id + "/join", json::object(), players[name].token).status ==
                200);

    // Started at node 0, which stores the round and ends before opening a game (no answer).
    try {
        (void)call(c.port(0), "POST", "/api/tournaments/" + id + "/start", json::object(), players["Ada"].token);
    } catch (const std::exception&) {
    }
    const int status = c.node(0).kill_with(0);  // waits for the end it chose
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 86);

    const auto read = [&] {
        const auto got = call(c.port(1), "GET", "/api/tournaments/" + id, nullptr, {});
        REQUIRE(got.status == 200);
        return json::parse(got.body);
    };
    json t = read();
    REQUIRE(t["status"] == "running");
    REQUIRE(t["tables"].size() == 1);
    REQUIRE(t["tables"][0].size() == 2);
    std::set<std::string> round_rooms;
    for (const json& table : t["tables"][0]) round_rooms.insert(table["room"].get<std::string>());
    REQUIRE(round_rooms.size() == 2);
    for (const std::string& room : round_rooms)
        CHECK(c.query("SELECT count(*) FROM rooms WHERE room_id = '" + room + "'") == "0");  // none made

    // Node 1 opens both once node 0's leases on their ids ran out: each game once.
    for (const std::string& room : round_rooms)
        wait_until([&] { return c.query("SELECT status FROM rooms WHERE room_id = '" + room + "'") == "running"; },
                   "node 1 opens the round's game");
    for (const std::string& room : round_rooms)
        CHECK(count_of(c.logs(), "event=tournament_game_opened tournament=" + id + " round=1 room=" + room) == 1);

    // Node 0 back, without the switch: new rooms at either node get ids never issued before.
    c.start_node(0);
    std::set<std::string> issued = round_rooms;
    for (int i = 0; i < 3; ++i) {
        for (int node : {0, 1}) {
            const std::string room = open_guest_room(c.port(node));
            CHECK(issued.insert(room).second);
        }
    }

    // The players play at node 1: in each game seat 0 resigns, and the tournament ends.
    for (const json& table : t["tables"][0]) {
        const std::string room = table["room"];
        const std::string loser = table["players"][0]["name"];
        ws_client ws(c.port(1));
        const json welcome =
            ws.request({{"type", "hello"}, {"protocol", 1}, {"name", loser}, {"session", players[loser].token}});
        INFO(welcome.dump());
        REQUIRE(welcome["type"] == "welcome");
        CHECK(welcome["rooms"] == json::array({room}));
        REQUIRE(ws.request({{"type", "join"}, {"room", room}})["type"] == "joined");
        REQUIRE(ws.request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    }
    wait_until([&] { return read()["status"] == "finished"; }, "the round ends and the tournament with it");
}
