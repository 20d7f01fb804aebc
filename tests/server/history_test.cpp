// History for late arrivals: every snapshot carries the game's events so far and the room's last
// 100 chat lines, and the `history` request answers the same (docs/protocol.md, "History").
// The room's own rules run in process (room_harness.hpp); coming back with a token goes through
// a real server.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "persist_driver.hpp"
#include "room_harness.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

// Every event the patches of `room` carried, in order, from the messages a client received.
json events_from_patches(const std::vector<json>& received, const std::string& room) {
    json out = json::array();
    for (const json& m : received)
        if (m.value("type", "") == "patch" && m.value("room", "") == room)
            for (const json& e : m["events"]) out.push_back(e);
    return out;
}

// The first legal placement, or the first listed decision, of the member who decides now.
json first_move(room_member& decider) {
    const json& game = decider.view()["game"];
    if (game["phase"] != "place_tile") {
        REQUIRE_FALSE(decider.view()["you"]["legal"].empty());
        return decider.view()["you"]["legal"][0];
    }
    const json placements = decider.request({{"type", "legal_placements"}});
    REQUIRE_FALSE(placements["placements"].empty());
    json action = placements["placements"][0];
    action["type"] = "place_tile";
    return action;
}

}  // namespace

TEST_CASE("a late spectator's snapshot holds the whole event log and the last 100 chat lines", "[server][room]") {
    hosted_room t;
    room_harness& h = t.h;
    const std::string& room = t.room;
    room_member &ada = t.ada, &bob = t.bob;
    REQUIRE(bob.request({{"type", "join"}})["type"] == "joined");

    // 105 lines: the ring keeps the last 100, oldest first.
    for (int i = 0; i < 105; ++i)
        REQUIRE(ada.request({{"type", "chat"}, {"text", "line " + std::to_string(i)}})["type"] == "ack");
    const json waiting = ada.request({{"type", "snapshot"}});
    CHECK(waiting["log"] == json::array());
    REQUIRE(waiting["chat"].size() == 100);

    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");
    bob.read();
    for (int move = 0; move < 6; ++move) {
        room_member& decider = ada.view()["game"]["decider"] == 0 ? ada : bob;
        REQUIRE(decider.request({{"type", "action"}, {"version", decider.follower.version},
                                 {"action", first_move(decider)}})["type"] == "ack");
        ada.read();
        bob.read();
    }
    // Ada was sent every patch of the game: together they carry every event.
    const json seen = events_from_patches(ada.received, room);
    REQUIRE(seen.size() > 6);

    auto& eve = h.arrive("Eve");
    const int id = h.send(eve, {{"type", "spectate"}, {"room", room}});
    const auto to_eve = eve.link->take();
    REQUIRE(types_of(to_eve) == std::vector<std::string>{"joined", "snapshot"});
    CHECK(to_eve[0]["id"] == id);
    const json& snapshot = to_eve[1];
    CHECK(snapshot["log"] == seen);
    const json& chat = snapshot["chat"];
    REQUIRE(chat.size() == 100);
    CHECK(chat.front()["text"] == "line 5");
    CHECK(chat.back()["text"] == "line 104");
    CHECK(chat.back()["name"] == "Ada");
    CHECK(chat.back()["from"] == t.ada_person.id);
    CHECK(chat.back()["time"].is_number_integer());
    CHECK_FALSE(chat.back().contains("type"));
    CHECK_FALSE(chat.back().contains("room"));
    CHECK_FALSE(snapshot["view"].contains("log"));  // message-level, so patches never touch it

    room_member eve_member(h, eve, room);
    const json history = eve_member.request({{"type", "history"}});
    REQUIRE(history["type"] == "history");
    CHECK(history["room"] == room);
    CHECK(history["version"] == snapshot["version"]);
    CHECK(history["log"] == seen);
    CHECK(history["chat"] == chat);

    room_member stranger(h, h.arrive("Stranger"), room);
    CHECK(stranger.request({{"type", "history"}})["code"] == "not_in_room");
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
