// A member closed for flooding is released like any other disconnect: its room sees it offline,
// a room left with nobody online is abandoned, and its per-address slot is free again.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "upgrade_status.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

// Sends far more than the limits allow and waits for the server's close (1008).
void flood_until_closed(ws_client& c) {
    for (int i = 0; i < 100; ++i) c.send({{"type", "list_rooms"}});
    REQUIRE(c.wait_closed());
    CHECK(c.close_code() == 1008);
}

// Whether the view's seat is shown online (false while no view has arrived yet).
bool seat_online(const json& view, int seat) {
    return view.is_object() && view["room"]["seats"][seat].value("online", false);
}

// A lobby subscriber hears of each public room on its own (docs/protocol.md, Lobby).
bool room_listed(const json& m, const std::string& room) {
    return m.value("type", "") == "lobby_room" && m["room"].value("id", "") == room;
}
bool room_unlisted(const json& m, const std::string& room) {
    return m.value("type", "") == "lobby_room_removed" && m.value("room", "") == room;
}

}  // namespace

TEST_CASE("a member closed for flooding goes offline, frees its address slot, and its room is abandoned",
          "[server][flood]") {
    auto config = test_config();
    config.rate_per_second = 1;
    config.burst = 2;
    config.flood_close_after = 20;
    config.max_connections_per_ip = 3;
    config.grace = std::chrono::milliseconds(50);
    test_server server(config);

    ws_client watcher_ws(server.port());
    greet(watcher_ws, "Watcher");
    REQUIRE(watcher_ws.request({{"type", "lobby_subscribe"}})["type"] == "lobby");

    auto ada_ws = std::make_unique<ws_client>(server.port());
    greet(*ada_ws, "Ada");
    const json created = open_room(*ada_ws, {{"seats", 2}});
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    viewer ada{*ada_ws, room};

    {
        // The third connection from this address: the cap is reached.
        ws_client bob_ws(server.port());
        // The limiter allows two messages in a burst: hello and join.
        greet(bob_ws, "Bob");
        join_room(bob_ws, room);
        REQUIRE(ada.wait_until([](const json& v) { return seat_online(v, 1); }));
        CHECK(upgrade_status(server.port()) == 429);  // too many connections

        flood_until_closed(bob_ws);
        // The room hears of it: Bob is offline, then (waiting room, grace over) gone.
        REQUIRE(ada.wait_until([](const json& v) { return !seat_online(v, 1); }));
    }
    // Bob's slot is free again: a new connection from the same address gets in.
    {
        ws_client again(server.port());
        greet(again, "Carol");
    }

    REQUIRE(watcher_ws.wait_for([&](const json& m) { return room_listed(m, room); }));
    // Ada floods too: nobody is online in the waiting room any more, so it is abandoned.
    flood_until_closed(*ada_ws);
    const auto gone = watcher_ws.wait_for([&](const json& m) { return room_unlisted(m, room); },
                                          std::chrono::seconds(10));
    CHECK(gone);
    ada_ws.reset();
    ws_client first(server.port());
    ws_client second(server.port());
    CHECK(second.hello("Dan")["type"] == "welcome");
}
