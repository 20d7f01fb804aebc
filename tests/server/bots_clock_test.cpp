// Bots play whole games on their own; the turn clock plays for (or resigns) a player who waits.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

TEST_CASE("bots finish a game on their own while the host watches", "[server]") {
    test_server server;
    ws_client host_ws(server.port());
    greet(host_ws, "Host");
    const json created = open_room(host_ws, {{"seats", 3},
         {"bots", {{{"seat", 0}, {"kind", "greedy"}}, {{"seat", 1}, {"kind", "random"}}, {{"seat", 2}, {"kind", "greedy"}}}}});
    viewer host{host_ws, created["room"]};
    host.check_against_snapshot();
    CHECK(host.view["you"]["seat"].is_null());
    start_game(host);
    REQUIRE(host.wait_until(game_over, std::chrono::seconds(60)));
    host.check_against_snapshot();
    const json& game = host.view["game"];
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

TEST_CASE("resigning in a two-seat game ends it", "[server]") {
    test_server server;
    ws_client ada_ws(server.port()), bob_ws(server.port());
    const std::string room = start_two_player_game(ada_ws, bob_ws, json::object()).room;
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    ada.sync();
    REQUIRE(bob.request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    ada.check_against_snapshot();
    CHECK(ada.view["game"]["result"]["winners"] == json::array({0}));
    CHECK(ada.view["room"]["status"] == "finished");
}
