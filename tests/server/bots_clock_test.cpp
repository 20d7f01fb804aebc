// Bots play whole games on their own; the turn clock plays for (or resigns) a player who waits;
// bots' games and resigning are room rules, tested in process (room_harness.hpp); the clock's
// timers run on a real server.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_harness.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

TEST_CASE("bots finish a game on their own while the host watches", "[server][room]") {
    room_harness h;
    auto& host_person = h.arrive("Host");
    const std::string room = h.create(host_person, {{"seats", 3},
         {"bots", {{{"seat", 0}, {"kind", "greedy"}}, {{"seat", 1}, {"kind", "random"}}, {{"seat", 2}, {"kind", "greedy"}}}}});
    room_member host(h, host_person, room);
    host.check_against_snapshot();
    CHECK(host.view()["you"]["seat"].is_null());
    // Without a bot pause the bots' moves are handlers on the room's strand: the start settles
    // into the whole game.
    REQUIRE(host.request({{"type", "start"}})["type"] == "ack");
    REQUIRE(game_over(host.view()));
    host.check_against_snapshot();
    const json& game = host.view()["game"];
    CHECK(game["phase"] == "game_over");
    CHECK(game["result"]["reason"] == "complete");
    CHECK(game["result"]["scores"].size() == 3);
    CHECK_FALSE(game["result"]["winners"].empty());
    CHECK(game["seed"].is_string());
}

TEST_CASE("the turn clock plays random moves for a player out of time", "[server]") {
    test_server server;
    ws_client ada_ws(server.port());
    greet(ada_ws, "Ada");
    const json created = open_room(ada_ws, {{"seats", 2},
                                            {"bots", {{{"seat", 1}, {"kind", "random"}}}},
                                            {"clock", {{"initial_ms", 30}, {"increment_ms", 0}, {"on_timeout", "random"}}}});
    viewer ada{ada_ws, created["room"]};
    start_game(ada);
    int my_tiles = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!game_over(ada.view) && std::chrono::steady_clock::now() < deadline) {
        auto m = ada_ws.next(std::chrono::seconds(5));
        if (!m) break;
        ada.absorb(*m);
        if ((*m)["type"] == "patch")
            for (const json& e : (*m)["events"])
                if (e["type"] == "tile_placed" && e["player"] == 0) ++my_tiles;
    }
    REQUIRE(game_over(ada.view));
    CHECK(ada.view["game"]["result"]["reason"] == "complete");
    CHECK(my_tiles > 10);  // Ada never sent a move: the clock played them all
    CHECK(ada.view["game"]["clock"]["remaining_ms"][0] == 0);
    // The view counts the moves the server made for her, so clients can say so.
    CHECK(ada.view["game"]["clock"]["timeouts"][0].get<int>() >= my_tiles);
}

TEST_CASE("with the forfeit policy, running out of time resigns", "[server]") {
    test_server server;
    ws_client ada_ws(server.port()), bob_ws(server.port());
    const std::string room =
        seat_two_players(ada_ws, bob_ws, {{"seats", 2}, {"clock", {{"initial_ms", 80}, {"on_timeout", "forfeit"}}}}).room;
    viewer bob{bob_ws, room};
    start_game(ada_ws, room);
    REQUIRE(bob.wait_until(game_over, std::chrono::seconds(5)));
    const json& result = bob.view["game"]["result"];
    CHECK(result["reason"] == "resigned");
    CHECK(result["resigned"] == json::array({0}));
    CHECK(result["winners"] == json::array({1}));
    CHECK(bob.view["room"]["seats"][0]["resigned"] == true);
}

TEST_CASE("resigning in a two-seat game ends it", "[server][room]") {
    hosted_room t(json::object());
    room_member &ada = t.ada, &bob = t.bob;
    REQUIRE(bob.request({{"type", "join"}})["type"] == "joined");
    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");
    REQUIRE(bob.request({{"type", "resign"}})["type"] == "ack");
    ada.check_against_snapshot();
    CHECK(ada.view()["game"]["result"]["winners"] == json::array({0}));
    CHECK(ada.view()["room"]["status"] == "finished");
}
