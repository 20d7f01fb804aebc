// A waiting room (seats taken, no game yet) is in PostgreSQL like a game: when its node dies,
// another node takes it over once the lease expires, its players come back with their tokens,
// and the host starts the game there.
#include <csignal>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("a killed node's waiting room is taken over, its players come back and the game starts",
          "[multinode][failover][waiting]") {
    cluster c(2);
    two_player_game game;
    {
        ws_client ada_ws(c.port(0)), bob_ws(c.port(0));
        game = seat_two_players(ada_ws, bob_ws, {{"seats", 3}});
        const json added = ada_ws.request({{"type", "set_bot"}, {"room", game.room}, {"seat", 2}, {"bot", "greedy"}});
        REQUIRE(added["type"] == "ack");
        // Every answer above came after its change was stored: the room is in PostgreSQL now.
        CHECK(c.query("SELECT status FROM rooms WHERE room_id = '" + game.room + "'") == "lobby");
        CHECK(c.query("SELECT count(*) FROM seats WHERE room_id = '" + game.room + "'") == "3");
        CHECK(WIFSIGNALED(c.node(0).kill_with(SIGKILL)));
    }
    auto ada_ws = reconnect_seated(c.port(1), "Ada", game.ada_token, game.room);
    auto bob_ws = reconnect_seated(c.port(1), "Bob", game.bob_token, game.room);
    viewer ada{*ada_ws, game.room}, bob{*bob_ws, game.room};
    ada.sync();
    bob.sync();
    // Bob's welcome came before the room heard he is back (the room attaches him on its strand).
    REQUIRE(ada.wait_until([](const json& v) { return v["room"]["seats"][1]["online"] == true; }));
    const json& room = ada.view["room"];
    CHECK(room["status"] == "waiting");
    REQUIRE(room["seats"].size() == 3);
    CHECK(room["seats"][0]["name"] == "Ada");
    CHECK(room["seats"][1]["name"] == "Bob");
    CHECK(room["seats"][1]["online"] == true);
    CHECK(room["seats"][2]["bot"] == "greedy");
    CHECK(ada.view["you"]["seat"] == 0);
    CHECK(bob.view["you"]["seat"] == 1);

    // Ada is still the host: she starts the game on its new node, and her first move is stored.
    CHECK(bob.request({{"type", "start"}, {"room", game.room}})["code"] == "not_host");
    start_game(ada);
    ada.sync();
    bob.sync();
    REQUIRE(play_moves({&ada, &bob}, 1) == 1);
    CHECK(c.query("SELECT status FROM rooms WHERE room_id = '" + game.room + "'") == "running");
    CHECK(std::stoll(c.query("SELECT count(*) FROM actions WHERE room_id = '" + game.room + "'")) >= 1);
}
