// A person who resigns in the middle of their own turn is offered nothing more: the bot that
// plays on for the seat decides, so the view's `you.legal` is empty at once (each of those
// actions would be refused with "you resigned"). In process (room_harness.hpp): the bot's pause
// is a timer the test never runs, so the view is read while the seat is still the decider.
#include <catch2/catch.hpp>

#include "room_harness.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("a player who resigns mid-turn is offered no legal action", "[server][room]") {
    auto config = test_config();
    config.bot_delay = std::chrono::minutes(10);
    config.resigned_bot = "random";
    hosted_room t({{"seats", 3}, {"bots", {{{"seat", 2}, {"kind", "random"}}}}}, config);
    room_member &ada = t.ada, &bob = t.bob;
    REQUIRE(bob.request({{"type", "join"}, {"seat", 1}})["type"] == "joined");
    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");
    REQUIRE(ada.view()["game"]["decider"] == 0);

    // Ada lays her tile: the rest of her turn (a follower or not) is hers to decide.
    const json p = ada.request({{"type", "legal_placements"}})["placements"].at(0);
    REQUIRE(ada.request({{"type", "action"}, {"version", ada.follower.version},
                         {"action", {{"type", "place_tile"}, {"x", p["x"]}, {"y", p["y"]}, {"rotation", p["rotation"]}}}})["type"] == "ack");
    REQUIRE(ada.view()["game"]["decider"] == 0);
    REQUIRE_FALSE(ada.view()["you"]["legal"].empty());

    REQUIRE(ada.request({{"type", "resign"}})["type"] == "ack");
    CHECK(ada.view()["room"]["seats"][0]["resigned"] == true);
    CHECK(ada.view()["game"]["decider"] == 0);  // the bot has not moved for her yet
    CHECK(ada.view()["you"]["legal"].empty());
    ada.check_against_snapshot();  // the snapshot says the same
}
