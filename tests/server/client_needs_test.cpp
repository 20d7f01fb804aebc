// What the browser client relies on beyond the basics: renaming by saying hello again with the
// token (over a real server), short games (options.pile_limit) and the per-player breakdown in
// the result (room rules, in process: room_harness.hpp).
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_harness.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

TEST_CASE("hello with the token and a new name renames the person in their rooms", "[server]") {
    test_server server;
    std::string token;
    std::string room;
    {
        ws_client ada_ws(server.port());
        const json welcome = ada_ws.hello("Ada");
        token = welcome["token"];
        room = open_room(ada_ws, {{"seats", 2}})["room"];
    }
    ws_client bob_ws(server.port());
    greet(bob_ws, "Bob");
    viewer bob{bob_ws, room};
    watch_room(bob);
    bob.sync();
    CHECK(bob.view["room"]["seats"][0]["name"] == "Ada");

    ws_client ada_again(server.port());
    const json welcome = ada_again.hello("  Ada Lovelace ", token);
    REQUIRE(welcome["type"] == "welcome");
    CHECK(welcome["resumed"] == true);
    CHECK(welcome["name"] == "Ada Lovelace");
    CHECK(bob.wait_until([](const json& v) { return v["room"]["seats"][0]["name"] == "Ada Lovelace"; }));
    bob.check_against_snapshot();

    viewer ada{ada_again, room};
    REQUIRE(ada.request({{"type", "chat"}, {"room", room}, {"text", "renamed"}})["type"] == "ack");
    const auto heard = bob.wait_message("chat");
    REQUIRE(heard);
    CHECK((*heard)["name"] == "Ada Lovelace");
    CHECK(ada_again.request({{"type", "list_rooms"}})["rooms"][0]["host"] == "Ada Lovelace");
}

TEST_CASE("a short game draws pile_limit tiles and its result breaks the scores down", "[server][room]") {
    room_harness h;
    auto& ada_person = h.arrive("Ada");
    const std::string room = h.create(ada_person, {{"seats", 2},
                                                   {"options", {{"pile_limit", 3}}},
                                                   {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}});
    room_member ada(h, ada_person, room);
    ada.read();
    CHECK(ada.view()["room"]["settings"]["options"]["pile_limit"] == 3);
    // Over the limit: refused as the request is read, before a room is made.
    const auto too_long = carc::protocol::parse_client_message(R"({"type": "create_room", "options": {"pile_limit": 500}})");
    REQUIRE(too_long.error);
    CHECK(json(*too_long.error)["code"] == "bad_field");

    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");
    REQUIRE(ada.view()["game"].is_object());
    CHECK(ada.view()["game"]["tiles_left"].get<int>() <= 3);
    for (int moves = 0; !game_over(ada.view()); ++moves) {
        REQUIRE(moves < 40);
        REQUIRE(ada.view()["game"]["decider"] == 0);  // the bot's moves settle with each of Ada's
        json action;
        if (ada.view()["game"]["phase"] == "place_tile") {
            const json placements = ada.request({{"type", "legal_placements"}});
            const json& pick = placements["placements"][0];
            action = {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}};
        } else {
            action = ada.view()["you"]["legal"].back();
        }
        const json reply = ada.request({{"type", "action"}, {"version", ada.follower.version}, {"action", action}});
        REQUIRE(reply["type"] == "ack");
    }
    const json& result = ada.view()["game"]["result"];
    CHECK(ada.view()["game"]["board"].size() <= 4);
    REQUIRE(result["breakdown"].size() == 2);
    for (std::size_t seat = 0; seat < 2; ++seat) {
        int sum = 0;
        for (const auto& [kind, points] : result["breakdown"][seat].items()) sum += points.get<int>();
        CHECK(sum == result["scores"][seat].get<int>());
    }
}
