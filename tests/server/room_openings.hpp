#pragma once
// The opening most server tests share, over real connections: people say hello, one opens a
// room, others join or watch, the host starts. Each step REQUIREs the documented answer, so a
// test starts from a known room or fails at the step that broke. Through a ws_client, messages
// that arrive before an answer are not kept (a viewer set up afterwards calls sync()); through
// a viewer (game_driver.hpp) they are absorbed into its view, as viewer::request does.

#include <optional>
#include <string>

#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "ws_client.hpp"

namespace carc::test {

// hello as `name` (resuming with `token` if given); returns the welcome.
inline json greet(ws_client& c, const std::string& name, const std::optional<std::string>& token = std::nullopt) {
    const json welcome = c.hello(name, token);
    INFO(welcome.dump());
    REQUIRE(welcome["type"] == "welcome");
    return welcome;
}

// create_room with `fields` (seats, bots, clock, options, ...); returns the room_created reply.
inline json open_room(ws_client& host, json fields = {{"seats", 2}}) {
    fields["type"] = "create_room";
    const json created = host.request(fields);
    INFO(created.dump());
    REQUIRE(created["type"] == "room_created");
    return created;
}

namespace detail {
// Sends `message` through `asker` (ws_client or viewer) and REQUIREs an answer of `type`.
template <typename Asker>
json expect(Asker& asker, json message, const char* type) {
    const json answer = asker.request(std::move(message));
    INFO(answer.dump());
    REQUIRE(answer["type"] == type);
    return answer;
}
inline json join_message(const std::string& room, std::optional<int> seat) {
    json join = {{"type", "join"}, {"room", room}};
    if (seat) join["seat"] = *seat;
    return join;
}
}  // namespace detail

// Takes a seat (the first free one unless `seat` is given).
inline void join_room(ws_client& c, const std::string& room, std::optional<int> seat = std::nullopt) {
    detail::expect(c, detail::join_message(room, seat), "joined");
}
inline void join_room(viewer& v, std::optional<int> seat = std::nullopt) {
    detail::expect(v, detail::join_message(v.room, seat), "joined");
}

inline void watch_room(ws_client& c, const std::string& room) {
    detail::expect(c, {{"type", "spectate"}, {"room", room}}, "joined");
}
inline void watch_room(viewer& v) { detail::expect(v, {{"type", "spectate"}, {"room", v.room}}, "joined"); }

inline void start_game(ws_client& host, const std::string& room) {
    detail::expect(host, {{"type", "start"}, {"room", room}}, "ack");
}
inline void start_game(viewer& host) { detail::expect(host, {{"type", "start"}, {"room", host.room}}, "ack"); }

// Ada and Bob, their tokens (to come back with) and their room.
struct two_player_game {
    std::string room;
    std::string ada_token;
    std::string bob_token;
};

// Ada and Bob say hello, Ada opens a room with `fields`, Bob takes the next free seat.
inline two_player_game seat_two_players(ws_client& ada, ws_client& bob, json fields = {{"seats", 2}}) {
    two_player_game game;
    game.ada_token = greet(ada, "Ada")["token"];
    game.bob_token = greet(bob, "Bob")["token"];
    game.room = open_room(ada, std::move(fields))["room"];
    join_room(bob, game.room);
    return game;
}

// The same, and Ada starts the game.
inline two_player_game start_two_player_game(ws_client& ada, ws_client& bob, json fields = {{"seats", 2}}) {
    two_player_game game = seat_two_players(ada, bob, std::move(fields));
    start_game(ada, game.room);
    return game;
}

}  // namespace carc::test
