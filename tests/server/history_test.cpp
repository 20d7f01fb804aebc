// History for late arrivals: every snapshot carries the game's events so far and the room's last
// 100 chat lines, and the `history` request answers the same (docs/protocol.md, "History").
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

// The decider's next move: the first legal placement, or the first listed decision.
json play_first(viewer& player) {
    const json& game = player.view["game"];
    json action;
    if (game["phase"] == "place_tile") {
        const json placements = player.request({{"type", "legal_placements"}, {"room", player.room}});
        REQUIRE_FALSE(placements["placements"].empty());
        action = placements["placements"][0];
        action["type"] = "place_tile";
    } else {
        REQUIRE_FALSE(player.view["you"]["legal"].empty());
        action = player.view["you"]["legal"][0];
    }
    return player.request({{"type", "action"}, {"room", player.room}, {"version", player.version}, {"action", action}});
}

// Every event the patches of `room` carried, in order, from the frames a client received.
json events_from_patches(const std::vector<std::string>& frames, const std::string& room) {
    json out = json::array();
    for (const std::string& text : frames) {
        const json m = json::parse(text);
        if (m.value("type", "") == "patch" && m.value("room", "") == room)
            for (const json& e : m["events"]) out.push_back(e);
    }
    return out;
}

}  // namespace

TEST_CASE("a late spectator's snapshot holds the whole event log and the last 100 chat lines", "[server]") {
    test_server server;
    ws_client ada_ws(server.port()), bob_ws(server.port());
    const std::string ada_person = greet(ada_ws, "Ada")["person"];
    greet(bob_ws, "Bob");
    const std::string room = open_room(ada_ws, {{"seats", 2}})["room"];
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    join_room(bob);

    // 105 lines: the ring keeps the last 100, oldest first.
    for (int i = 0; i < 105; ++i)
        REQUIRE(ada.request({{"type", "chat"}, {"room", room}, {"text", "line " + std::to_string(i)}})["type"] == "ack");
    const json waiting = ada.request({{"type", "snapshot"}, {"room", room}});
    CHECK(waiting["log"] == json::array());
    REQUIRE(waiting["chat"].size() == 100);

    start_game(ada);
    for (int move = 0; move < 6; ++move) {
        viewer& decider = ada.view["game"]["decider"] == 0 ? ada : bob;
        REQUIRE(play_first(decider)["type"] == "ack");
        ada.sync();
        bob.sync();
    }
    // Ada's own requests were answered after the patches they caused, so her frames hold them all.
    ada.request({{"type", "snapshot"}, {"room", room}});
    const json seen = events_from_patches(ada_ws.frames(), room);
    REQUIRE(seen.size() > 6);

    ws_client eve_ws(server.port());
    greet(eve_ws, "Eve");
    std::vector<json> before;
    REQUIRE(eve_ws.request({{"type", "spectate"}, {"room", room}}, 5s, &before)["type"] == "joined");
    auto snapshot = eve_ws.wait_type("snapshot");
    REQUIRE(snapshot);
    CHECK((*snapshot)["log"] == seen);
    const json& chat = (*snapshot)["chat"];
    REQUIRE(chat.size() == 100);
    CHECK(chat.front()["text"] == "line 5");
    CHECK(chat.back()["text"] == "line 104");
    CHECK(chat.back()["name"] == "Ada");
    CHECK(chat.back()["from"] == ada_person);
    CHECK(chat.back()["time"].is_number_integer());
    CHECK_FALSE(chat.back().contains("type"));
    CHECK_FALSE(chat.back().contains("room"));
    CHECK_FALSE((*snapshot)["view"].contains("log"));  // message-level, so patches never touch it

    const json history = eve_ws.request({{"type", "history"}, {"room", room}});
    REQUIRE(history["type"] == "history");
    CHECK(history["room"] == room);
    CHECK(history["version"] == (*snapshot)["version"]);
    CHECK(history["log"] == seen);
    CHECK(history["chat"] == chat);

    ws_client stranger(server.port());
    greet(stranger, "Stranger");
    CHECK(stranger.request({{"type", "history"}, {"room", room}})["code"] == "not_in_room");
}

TEST_CASE("a reconnecting player's snapshot brings back the log and the chat", "[server]") {
    test_server server;
    auto ada_ws = std::make_unique<ws_client>(server.port());
    ws_client bob_ws(server.port());
    const std::string token = greet(*ada_ws, "Ada")["token"];
    greet(bob_ws, "Bob");
    const std::string room = open_room(*ada_ws, {{"seats", 2}})["room"];
    viewer bob{bob_ws, room};
    join_room(bob);
    REQUIRE(bob.request({{"type", "chat"}, {"room", room}, {"text", "good luck"}})["type"] == "ack");
    start_game(*ada_ws, room);
    {
        viewer ada{*ada_ws, room};
        ada.sync();
        REQUIRE(play_first(ada)["type"] == "ack");
        ada_ws.reset();
    }
    bob.sync();
    const json expected = bob.request({{"type", "history"}, {"room", room}});
    REQUIRE_FALSE(expected["log"].empty());

    ws_client again(server.port());
    REQUIRE(again.hello("Ada", token)["resumed"] == true);
    auto snapshot = again.wait_type("snapshot");
    REQUIRE(snapshot);
    CHECK((*snapshot)["log"] == expected["log"]);
    REQUIRE((*snapshot)["chat"].size() == 1);
    CHECK((*snapshot)["chat"][0]["text"] == "good luck");
    CHECK((*snapshot)["chat"][0]["name"] == "Bob");
}
