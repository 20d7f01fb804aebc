// Errors carry `params`: the values a client needs to word the error in its own language
// (docs/protocol.md, "Errors"), next to the English `message`.
#include <catch2/catch.hpp>

#include "room_harness.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

TEST_CASE("a message's errors name its field or type in params", "[server]") {
    test_server server;
    ws_client ws(server.port());
    greet(ws, "Bob");
    const json unnamed = ws.request({{"type", "join"}, {"room", 7}});
    CHECK(unnamed["code"] == "bad_field");
    CHECK(unnamed["params"]["field"] == "room");
    CHECK_FALSE(unnamed["message"].get<std::string>().empty());
    const json unknown = ws.request({{"type", "fly"}});
    CHECK(unknown["code"] == "unknown_type");
    CHECK(unknown["params"]["type"] == "fly");
    const json plain = ws.request({{"type", "list_rooms"}});
    CHECK(plain["type"] == "lobby");
}

// What a room refuses, in process (room_harness.hpp).
TEST_CASE("a room's refusals name their seat, player, rule, field or version in params", "[server][room]") {
    hosted_room t;
    room_member &ada = t.ada, &bob = t.bob;
    const json taken = bob.request({{"type", "join"}, {"seat", 0}});
    CHECK(taken["code"] == "seat_taken");
    CHECK(taken["params"]["seat"] == 0);
    CHECK_FALSE(taken["message"].get<std::string>().empty());
    const json chat = ada.request({{"type", "chat"}, {"text", "   "}});
    CHECK(chat["code"] == "bad_field");
    CHECK(chat["params"] == json({{"field", "text"}, {"min", 1}, {"max", 500}}));
    const json early = ada.request({{"type", "start"}});
    CHECK(early["code"] == "wrong_status");
    CHECK(early["params"] == json({{"reason", "seat_empty"}, {"seat", 1}}));

    REQUIRE(bob.request({{"type", "join"}})["type"] == "joined");
    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");
    bob.read();
    REQUIRE(ada.view()["game"]["decider"] == 0);

    const json pass = {{"type", "pass"}};
    const json wait = bob.request({{"type", "action"}, {"version", bob.follower.version}, {"action", pass}});
    CHECK(wait["code"] == "not_your_turn");
    CHECK(wait["params"]["name"] == "Ada");
    CHECK(wait["params"]["seat"] == 0);

    const json stale = ada.request({{"type", "action"}, {"version", 1}, {"action", pass}});
    CHECK(stale["code"] == "stale_version");
    CHECK(stale["params"]["version"] == ada.follower.version);

    // Far from the start tile: no edge touches it.
    const json illegal = ada.request({{"type", "action"}, {"version", ada.follower.version},
                                      {"action", {{"type", "place_tile"}, {"x", 9}, {"y", 9}, {"rotation", 0}}}});
    CHECK(illegal["code"] == "illegal_action");
    CHECK(illegal["params"]["rule"] == illegal["rule"]);
    CHECK_FALSE(illegal["params"]["rule"].get<std::string>().empty());
}

TEST_CASE("room_info tells a link's visitor what the room offers, private rooms only by invite", "[server]") {
    test_server server;
    ws_client ada(server.port()), stranger(server.port());
    greet(ada, "Ada");
    greet(stranger, "Stranger");
    const json open = open_room(ada, {{"seats", 3}, {"bots", {{{"seat", 2}, {"kind", "greedy"}}}}});
    const json info = stranger.request({{"type", "room_info"}, {"room", open["room"]}});
    REQUIRE(info["type"] == "room_info");
    CHECK(info["room"]["id"] == open["room"]);
    CHECK(info["room"]["seats"] == 3);
    CHECK(info["room"]["taken"] == 2);
    CHECK(info["room"]["status"] == "waiting");
    CHECK(info["private"] == false);
    CHECK(info["member"] == false);
    CHECK(info["seat"].is_null());
    const json mine = ada.request({{"type", "room_info"}, {"room", open["room"]}});
    CHECK(mine["member"] == true);
    CHECK(mine["seat"] == 0);

    const json secret = open_room(ada, {{"private", true}, {"spectators", true}});
    const json hidden = stranger.request({{"type", "room_info"}, {"room", secret["room"]}});
    CHECK(hidden["code"] == "no_such_room");
    const json invited = stranger.request({{"type", "room_info"}, {"invite", secret["invite"]}});
    REQUIRE(invited["type"] == "room_info");
    CHECK(invited["room"]["id"] == secret["room"]);
    CHECK(invited["private"] == true);
    CHECK(invited["invite"] == secret["invite"]);
    CHECK(invited["room"]["spectators_allowed"] == true);
    // The invite lets one watch a private room when its host allows spectators.
    CHECK(stranger.request({{"type", "spectate"}, {"invite", secret["invite"]}})["type"] == "joined");
}
