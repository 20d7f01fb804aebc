// The lobby over real connections: the live list, private rooms by invite. A room's own
// behaviour (seats, bots, kick, chat, leave, refusals) is tested in process in
// room_messages_test.cpp.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

TEST_CASE("lobby subscribers see public rooms come and go, private ones never", "[server]") {
    test_server server;
    ws_client watcher(server.port()), ada(server.port());
    greet(watcher, "Watcher");
    greet(ada, "Ada");
    const json first = watcher.request({{"type", "lobby_subscribe"}});
    REQUIRE(first["type"] == "lobby");
    CHECK(first["rooms"].empty());

    // After the whole list, one message per room that appears or changes.
    const json created = open_room(ada, {{"name", "Open table"}, {"seats", 3},
                                      {"bots", {{{"seat", 2}, {"kind", "greedy"}}}},
                                      {"clock", {{"initial_ms", 60000}, {"increment_ms", 1000}}}});
    const std::string room = created["room"];
    auto listed = watcher.wait_type("lobby_room");
    REQUIRE(listed);
    const json& row = (*listed)["room"];
    CHECK(row["id"] == room);
    CHECK(row["name"] == "Open table");
    CHECK(row["taken"] == 2);
    CHECK(row["bots"] == 1);
    CHECK(row["status"] == "waiting");
    CHECK(row["clock"]["increment_ms"] == 1000);
    CHECK(watcher.request({{"type", "list_rooms"}})["rooms"] == json::array({row}));

    ws_client carol(server.port());
    greet(carol, "Carol");
    const json secret = open_room(carol, {{"private", true}});
    REQUIRE(secret["type"] == "room_created");
    ws_client dave(server.port());
    greet(dave, "Dave");
    CHECK(dave.request({{"type", "join"}, {"room", secret["room"]}})["code"] == "no_such_room");
    CHECK(dave.request({{"type", "join"}, {"invite", secret["invite"]}})["type"] == "joined");
    for (const json& r : dave.request({{"type", "list_rooms"}})["rooms"]) CHECK(r["id"] != secret["room"]);

    // A change to the public room comes as its new entry; nothing ever names the private one.
    ws_client bob(server.port());
    greet(bob, "Bob");
    join_room(bob, room);
    std::vector<json> seen;
    auto changed = watcher.wait_for([&](const json& m) { return m["type"] == "lobby_room" && m["room"]["taken"] == 3; },
                                    std::chrono::seconds(5), &seen);
    REQUIRE(changed);
    CHECK((*changed)["room"]["id"] == room);

    bob.request({{"type", "leave"}, {"room", room}});
    ada.request({{"type", "leave"}, {"room", room}});
    auto removed = watcher.wait_type("lobby_room_removed");
    REQUIRE(removed);
    CHECK((*removed)["room"] == room);
    CHECK(watcher.request({{"type", "list_rooms"}})["rooms"].empty());
    const std::string secret_id = "\"" + secret["room"].get<std::string>() + "\"";
    for (const std::string& frame : watcher.frames()) CHECK(frame.find(secret_id) == std::string::npos);
}
