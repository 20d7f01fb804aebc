// A room's chat through the real server and a restart on the same store: the lines come back
// in the snapshot and the history in order with their senders, the last 100 only.
#include <filesystem>

#include <catch2/catch.hpp>

#include "carc/storage/sqlite_store.hpp"
#include "persist_driver.hpp"
#include "people/security.hpp"
#include "room_openings.hpp"
#include "sqlite_dir.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;

namespace {

void say(ws_client& who, const std::string& room, const std::string& text) {
    const json reply = who.request({{"type", "chat"}, {"room", room}, {"text", text}});
    INFO(reply.dump());
    REQUIRE(reply["type"] == "ack");
}

json texts(const json& chat) {
    json out = json::array();
    for (const json& line : chat) out.push_back(line["text"]);
    return out;
}

}  // namespace

TEST_CASE("a running game's chat comes back after a restart, in order with its senders",
          "[server][persistence][chat]") {
    temp_dir dir;
    two_player_game game;
    std::string ada_person, bob_person;
    {
        test_server server(test_config(), open_store(dir.path));
        ws_client ada_ws(server.port()), bob_ws(server.port());
        game = start_two_player_game(ada_ws, bob_ws);
        say(ada_ws, game.room, "good luck");
        say(bob_ws, game.room, "you too");
        const json history = ada_ws.request({{"type", "history"}, {"room", game.room}});
        REQUIRE(history["chat"].size() == 2);
        ada_person = history["chat"][0]["from"];
        bob_person = history["chat"][1]["from"];
    }  // the server stops and the store closes

    test_server server(test_config(), open_store(dir.path));
    ws_client ada_ws(server.port()), bob_ws(server.port());
    viewer ada{ada_ws, game.room};
    REQUIRE(greet(ada_ws, "Ada", game.ada_token)["resumed"] == true);
    const auto snapshot = ada.wait_message("snapshot");
    REQUIRE(snapshot);
    const json& chat = (*snapshot)["chat"];
    INFO(chat.dump());
    REQUIRE(chat.size() == 2);
    CHECK(chat[0]["from"] == ada_person);
    CHECK(chat[0]["name"] == "Ada");
    CHECK(chat[0]["text"] == "good luck");
    CHECK(chat[1]["from"] == bob_person);
    CHECK(chat[1]["name"] == "Bob");
    CHECK(chat[1]["text"] == "you too");
    CHECK(chat[0]["time"].get<std::int64_t>() > 0);
    // The history answers the same lines, and a new line follows them.
    greet(bob_ws, "Bob", game.bob_token);
    say(bob_ws, game.room, "welcome back");
    const json history = bob_ws.request({{"type", "history"}, {"room", game.room}});
    CHECK(texts(history["chat"]) == json::array({"good luck", "you too", "welcome back"}));
}

TEST_CASE("a waiting room keeps its last 100 chat lines over a restart", "[server][persistence][chat]") {
    temp_dir dir;
    two_player_game game;
    {
        test_server server(test_config(), open_store(dir.path));
        ws_client ada_ws(server.port()), bob_ws(server.port());
        game = seat_two_players(ada_ws, bob_ws);
        for (int n = 1; n <= 105; ++n) say(n % 2 ? ada_ws : bob_ws, game.room, "line " + std::to_string(n));
    }

    test_server server(test_config(), open_store(dir.path));
    ws_client ada_ws(server.port()), bob_ws(server.port());
    viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
    resume_seats(ada, bob, game);
    CHECK(ada.view["room"]["status"] == "waiting");
    const json chat = ada_ws.request({{"type", "history"}, {"room", game.room}})["chat"];
    REQUIRE(chat.size() == 100);
    CHECK(chat.front()["text"] == "line 6");
    CHECK(chat.front()["name"] == "Bob");
    CHECK(chat.back()["text"] == "line 105");
    CHECK(chat.back()["name"] == "Ada");
}
