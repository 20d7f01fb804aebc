// Search bots in rooms: they think on the bot pool (here with a short time limit, so whole
// games are quick) and play to the end; one also plays on for a person who resigned.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

carc::server::server_config quick_bots() {
    auto config = test_config();
    config.bot_think = std::chrono::milliseconds(5);
    config.bot_threads = 2;
    return config;
}

}  // namespace

TEST_CASE("search bots of each strength play a game to the end", "[server][bots]") {
    test_server server(quick_bots());
    ws_client host_ws(server.port());
    host_ws.hello("Host");
    const json created = host_ws.request(
        {{"type", "create_room"}, {"seats", 3},
         {"bots", {{{"seat", 0}, {"kind", "easy"}}, {{"seat", 1}, {"kind", "medium"}}, {{"seat", 2}, {"kind", "greedy"}}}}});
    REQUIRE(created["type"] == "room_created");
    viewer host{host_ws, created["room"]};
    // set_bot takes the new kinds too.
    REQUIRE(host.request({{"type", "set_bot"}, {"room", host.room}, {"seat", 2}, {"bot", "hard"}})["type"] == "ack");
    host.check_against_snapshot();
    CHECK(host.view["room"]["seats"][2]["bot"] == "hard");
    CHECK(host.view["room"]["seats"][2]["name"] == "Bot 3 (hard)");
    REQUIRE(host.request({{"type", "start"}, {"room", host.room}})["type"] == "ack");
    REQUIRE(host.wait_until(game_over, std::chrono::seconds(100)));
    host.check_against_snapshot();
    const json& game = host.view["game"];
    CHECK(game["result"]["reason"] == "complete");
    CHECK(game["result"]["scores"].size() == 3);
}

TEST_CASE("the ladder's bots between random, greedy and easy play a game to the end", "[server][bots]") {
    test_server server(quick_bots());
    ws_client host_ws(server.port());
    host_ws.hello("Host");
    const json created = host_ws.request(
        {{"type", "create_room"}, {"seats", 3},
         {"bots", {{{"seat", 0}, {"kind", "beginner"}}, {{"seat", 1}, {"kind", "apprentice"}}, {{"seat", 2}, {"kind", "greedy"}}}}});
    REQUIRE(created["type"] == "room_created");
    viewer host{host_ws, created["room"]};
    REQUIRE(host.request({{"type", "set_bot"}, {"room", host.room}, {"seat", 2}, {"bot", "amateur"}})["type"] == "ack");
    host.check_against_snapshot();
    const json& seats = host.view["room"]["seats"];
    CHECK(seats[0]["bot"] == "beginner");
    CHECK(seats[0]["name"] == "Bot 1 (beginner)");
    CHECK(seats[1]["name"] == "Bot 2 (apprentice)");
    CHECK(seats[2]["name"] == "Bot 3 (amateur)");
    REQUIRE(host.request({{"type", "start"}, {"room", host.room}})["type"] == "ack");
    REQUIRE(host.wait_until(game_over, std::chrono::seconds(100)));
    host.check_against_snapshot();
    CHECK(host.view["game"]["result"]["reason"] == "complete");
}

TEST_CASE("an unknown bot kind is refused", "[server][bots]") {
    test_server server(quick_bots());
    ws_client ws(server.port());
    ws.hello("Ada");
    const json refused = ws.request({{"type", "create_room"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "expert"}}}}});
    INFO(refused.dump());
    CHECK(refused["type"] == "error");
    CHECK(refused["code"] == "bad_field");
    CHECK(refused["params"]["field"] == "kind");
}

TEST_CASE("a search bot plays on for a person who resigned", "[server][bots]") {
    auto config = quick_bots();
    config.resigned_bot = "medium";
    test_server server(config);
    ws_client ada_ws(server.port());
    ada_ws.hello("Ada");
    const json created = ada_ws.request({{"type", "create_room"}, {"seats", 3},
                                         {"bots", {{{"seat", 1}, {"kind", "easy"}}, {{"seat", 2}, {"kind", "greedy"}}}}});
    viewer ada{ada_ws, created["room"]};
    REQUIRE(ada.request({{"type", "start"}, {"room", ada.room}})["type"] == "ack");
    REQUIRE(ada.request({{"type", "resign"}, {"room", ada.room}})["type"] == "ack");
    int seat0_tiles = 0;  // tiles laid for her seat after she resigned
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(100);
    while (!game_over(ada.view) && std::chrono::steady_clock::now() < deadline) {
        auto m = ada_ws.next(std::chrono::seconds(10));
        if (!m) break;
        ada.absorb(*m);
        if ((*m)["type"] == "patch")
            for (const json& e : (*m)["events"])
                if (e["type"] == "tile_placed" && e["player"] == 0) ++seat0_tiles;
    }
    REQUIRE(game_over(ada.view));
    const json& game = ada.view["game"];
    CHECK(game["result"]["resigned"] == json::array({0}));
    CHECK(game["result"]["scores"].size() == 3);
    CHECK(seat0_tiles > 5);
    CHECK(ada.view["room"]["seats"][0]["resigned"] == true);
}
