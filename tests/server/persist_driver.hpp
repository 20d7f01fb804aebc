#pragma once
// Deterministic play for the persistence tests: the decider always takes the first legal
// placement or the first legal option, so two runs with one seed make the same moves.

#include <algorithm>
#include <string>
#include <vector>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "carc/testkit/http_client.hpp"
#include "test_server.hpp"

namespace carc::test {

// The decider's move: the first legal placement, or the first legal option.
inline json first_action(viewer& player) {
    const json& game = player.view["game"];
    if (game["phase"] == "place_tile") {
        const json placements = player.request({{"type", "legal_placements"}, {"room", player.room}});
        REQUIRE_FALSE(placements["placements"].empty());
        const json& pick = placements["placements"][0];
        return {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}};
    }
    const json& legal = player.view["you"]["legal"];
    REQUIRE_FALSE(legal.empty());
    return legal[0];
}

inline json play_first(viewer& player) {
    const json action = first_action(player);  // may read messages, so before the version
    return player.request({{"type", "action"}, {"room", player.room}, {"version", player.version}, {"action", action}});
}

// Plays the first legal moves (a bot's seat, nullptr, plays its own) until every seat has had a
// turn and so placed a tile: from then on ending the game is not an abort.
inline void everyone_plays_a_turn(const std::vector<viewer*>& seats) {
    viewer* any = *std::ranges::find_if(seats, [](viewer* v) { return v != nullptr; });
    for (viewer* v : seats)
        if (v) v->sync();
    const int start = any->view["game"]["turn"];
    const int n = static_cast<int>(seats.size());
    for (int guard = 0; guard < 200; ++guard) {
        for (viewer* v : seats)
            if (v) v->sync();
        const int turn = any->view["game"]["turn"];
        if (turn >= start + n) return;
        const int decider = any->view["game"]["decider"];
        if (viewer* who = seats[static_cast<std::size_t>(decider)]) {
            REQUIRE(play_first(*who)["type"] == "ack");
        } else {
            REQUIRE(any->wait_until([&](const json& v) { return v["game"]["turn"] != turn; }));
        }
    }
    FAIL("the seats did not all get a turn");
}

// Ada opens a room against a random bot, makes her first move and leaves (her connection
// closes): nobody is online for the game, so it adjourns. Returns the room's id.
inline std::string play_and_leave(unsigned short port, bool is_private = false) {
    ws_client ws(port);
    ws.hello("Ada");
    const std::string room = ws.request({{"type", "create_room"}, {"seats", 2}, {"private", is_private},
                                         {"bots", {{{"seat", 1}, {"kind", "random"}}}}})["room"];
    viewer ada{ws, room};
    REQUIRE(ada.request({{"type", "start"}, {"room", room}})["type"] == "ack");
    REQUIRE(ada.wait_until([](const json& v) { return v["game"].is_object() && v["game"]["decider"] == 0; }));
    REQUIRE(play_first(ada)["type"] == "ack");
    ada.sync();
    REQUIRE(ada.wait_until([](const json& v) { return v["game"]["decider"] == 0; }));
    return room;
}

// Plays up to `moves` moves (all when negative) with `seats[decider]`; returns how many it made.
inline int play_moves(const std::vector<viewer*>& seats, int moves) {
    int made = 0;
    while (moves < 0 || made < moves) {
        for (viewer* v : seats) v->check_against_snapshot();
        if (game_over(seats[0]->view)) break;
        const int decider = seats[0]->view["game"]["decider"];
        const json reply = play_first(*seats[static_cast<std::size_t>(decider)]);
        INFO(reply.dump());
        REQUIRE(reply["type"] == "ack");
        ++made;
        REQUIRE(made < 1000);
    }
    return made;
}

// The parts of a game view that must be identical after a restart (not versions or presence).
inline json game_essentials(const json& view) {
    const json& game = view["game"];
    return {{"board", game["board"]},     {"followers", game["followers"]}, {"players", game["players"]},
            {"phase", game["phase"]},     {"decider", game["decider"]},     {"drawn_tile", game["drawn_tile"]},
            {"tiles_left", game["tiles_left"]}, {"seed_commitment", game["seed_commitment"]}};
}

// After a restart: Ada and Bob come back with their tokens and find their seats in the room.
inline void resume_seats(viewer& ada, viewer& bob, const two_player_game& game) {
    const json welcome = greet(ada.client, "Ada", game.ada_token);
    CHECK(welcome["resumed"] == true);
    CHECK(welcome["rooms"] == json::array({game.room}));
    const auto ada_snapshot = ada.wait_message("snapshot");  // sent to whoever comes back
    REQUIRE(ada_snapshot);
    ada.absorb(*ada_snapshot);
    REQUIRE(greet(bob.client, "Bob", game.bob_token)["rooms"] == json::array({game.room}));
    const auto bob_snapshot = bob.wait_message("snapshot");
    REQUIRE(bob_snapshot);
    bob.absorb(*bob_snapshot);
    ada.sync();
    bob.sync();
    CHECK(ada.view["you"]["seat"] == 0);
    CHECK(bob.view["you"]["seat"] == 1);
}

// The final record of the same game played without interruption, in process and without a store.
inline json uninterrupted_record(std::uint64_t seed) {
    auto config = test_config();
    config.fixed_seed = seed;
    test_server server(config);
    ws_client ada_ws(server.port()), bob_ws(server.port());
    const two_player_game game = start_two_player_game(ada_ws, bob_ws);
    viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
    ada.sync();
    bob.sync();
    play_moves({&ada, &bob}, -1);
    const auto reply = http_get(server.port(), "/api/games/" + game.room);
    REQUIRE(reply.status == 200);
    return json::parse(reply.body);
}

}  // namespace carc::test
