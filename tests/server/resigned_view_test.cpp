// A person who resigns in the middle of their own turn is offered nothing more: the bot that
// plays on for the seat decides, so the view's `you.legal` is empty at once (each of those
// actions would be refused with "you resigned"). The bot waits (a long --bot-delay), so the
// view is read while the seat is still the decider.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("a player who resigns mid-turn is offered no legal action", "[server][room]") {
    auto config = test_config();
    config.bot_delay = std::chrono::minutes(10);
    config.resigned_bot = "random";
    test_server server(config);
    ws_client ada_ws(server.port()), bob_ws(server.port());
    greet(ada_ws, "Ada");
    greet(bob_ws, "Bob");
    const std::string room = open_room(ada_ws, {{"seats", 3}, {"bots", {{{"seat", 2}, {"kind", "random"}}}}})["room"];
    join_room(bob_ws, room, 1);
    viewer ada{ada_ws, room};
    start_game(ada);
    REQUIRE(ada.wait_until([](const json& v) { return v["game"].is_object() && v["game"]["decider"] == 0; }));

    // Ada lays her tile: the rest of her turn (a follower or not) is hers to decide.
    const json p = ada.request({{"type", "legal_placements"}, {"room", room}})["placements"].at(0);
    REQUIRE(ada.request({{"type", "action"}, {"room", room}, {"version", ada.version},
                         {"action", {{"type", "place_tile"}, {"x", p["x"]}, {"y", p["y"]}, {"rotation", p["rotation"]}}}})["type"] == "ack");
    ada.sync();
    REQUIRE(ada.view["game"]["decider"] == 0);
    REQUIRE_FALSE(ada.view["you"]["legal"].empty());

    REQUIRE(ada.request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    ada.sync();
    CHECK(ada.view["room"]["seats"][0]["resigned"] == true);
    CHECK(ada.view["game"]["decider"] == 0);  // the bot has not moved for her yet
    CHECK(ada.view["you"]["legal"].empty());
    ada.check_against_snapshot();  // the snapshot says the same
}
