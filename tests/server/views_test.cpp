// Patches through the real server, game by game of every rule system: a player and a spectator
// follow the room while other spectators arrive, leave, rename themselves (hello with the token
// under a new name) and drop their connections between the moves; after every step each one's
// patched view equals the snapshot the server sends when asked.
#include <memory>
#include <random>

#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

// The player's next move: a random legal placement, or one of the options in its view.
json next_move(viewer& player, std::mt19937& rng) {
    const json& game = player.view["game"];
    if (game["phase"] == "place_tile") {
        const json answer = player.request({{"type", "legal_placements"}, {"room", player.room}});
        const json& all = answer["placements"];
        REQUIRE_FALSE(all.empty());
        const json& pick = all[rng() % all.size()];
        return {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}};
    }
    const json& legal = player.view["you"]["legal"];
    REQUIRE_FALSE(legal.empty());
    return legal[rng() % legal.size()];
}

// Spectators that come and go: each a connection of its own.
struct crowd {
    crowd(unsigned short p, std::string r) : port(p), room(std::move(r)) {}
    unsigned short port;
    std::string room;
    std::vector<std::unique_ptr<ws_client>> here;
    std::vector<std::string> tokens;
    int made = 0;

    void arrive() {
        auto c = std::make_unique<ws_client>(port);
        const json welcome = c->hello("Watcher " + std::to_string(++made));
        REQUIRE(c->request({{"type", "spectate"}, {"room", room}})["type"] == "joined");
        tokens.push_back(welcome["token"]);
        here.push_back(std::move(c));
    }
    void leave(std::size_t i) {
        REQUIRE(here[i]->request({{"type", "leave"}, {"room", room}})["type"] == "left");
        here.erase(here.begin() + static_cast<long>(i));
        tokens.erase(tokens.begin() + static_cast<long>(i));
    }
    // A hello with the token under a new name replaces the connection and renames the person.
    void rename(std::size_t i) {
        auto c = std::make_unique<ws_client>(port);
        REQUIRE(c->hello("Renamed " + std::to_string(++made), tokens[i])["type"] == "welcome");
        here[i] = std::move(c);
    }
    void drop(std::size_t i) {
        here[i]->close();
        here.erase(here.begin() + static_cast<long>(i));
        tokens.erase(tokens.begin() + static_cast<long>(i));
    }
    void random_step(std::mt19937& rng) {
        const auto pick = [&] { return static_cast<std::size_t>(rng() % here.size()); };
        switch (here.empty() ? 0 : rng() % 4) {
            case 0: arrive(); break;
            case 1: leave(pick()); break;
            case 2: rename(pick()); break;
            default: drop(pick()); break;
        }
    }
};

void play_watched_game(const json& settings, std::uint32_t seed) {
    test_server server;
    ws_client ada_ws(server.port()), eve_ws(server.port());
    greet(ada_ws, "Ada");
    greet(eve_ws, "Eve");
    const std::string room = open_room(ada_ws, settings)["room"];
    viewer ada{ada_ws, room}, eve{eve_ws, room};
    ada.sync();
    watch_room(eve);
    start_game(ada);
    crowd others(server.port(), room);

    std::mt19937 rng(seed);
    int moves = 0;
    while (true) {
        for (viewer* v : {&ada, &eve}) v->check_against_snapshot();
        if (game_over(ada.view)) break;
        if (rng() % 3 == 0) others.random_step(rng);
        if (ada.view["game"]["decider"] != 0) {
            // The bot's turn: wait for it to move on.
            const auto turn = ada.view["game"]["turn"];
            const auto phase = ada.view["game"]["phase"];
            REQUIRE(ada.wait_until([&](const json& v) {
                return game_over(v) || v["game"]["turn"] != turn || v["game"]["phase"] != phase ||
                       v["game"]["decider"] == 0;
            }));
            continue;
        }
        const json reply = ada.request({{"type", "action"}, {"room", room}, {"version", ada.version},
                                        {"action", next_move(ada, rng)}});
        INFO(reply.dump());
        REQUIRE(reply["type"] == "ack");
        ++moves;
        REQUIRE(moves < 1000);
    }
    CHECK(moves > 10);
    // The score breakdown is replayed from the room's one log: it explains every seat's points.
    const json& result = ada.view["game"]["result"];
    for (std::size_t seat = 0; seat < result["scores"].size(); ++seat) {
        const json& kinds = result["breakdown"][seat];
        int sum = 0;
        for (const auto& [kind, points] : kinds.items()) sum += points.get<int>();
        CHECK(sum == result["scores"][seat]);
        if (result["scores"][seat] > 0) CHECK_FALSE((kinds.size() == 1 && kinds.contains("other")));
    }
    // Whoever is still here is listed; everyone who left or dropped out is not.
    eve.check_against_snapshot();
    CHECK(eve.view["room"]["spectators"].size() >= others.here.size() + 1);
}

}  // namespace

TEST_CASE("patches equal snapshots while spectators come, go, rename and drop: base game", "[server][views]") {
    play_watched_game({{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}}, 1);
}

TEST_CASE("patches equal snapshots while spectators come, go, rename and drop: The Tower", "[server][views]") {
    play_watched_game({{"seats", 2}, {"expansions", {{"tower", true}}}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}}, 2);
}

TEST_CASE("patches equal snapshots while spectators come, go, rename and drop: Count King and Cult",
          "[server][views]") {
    play_watched_game({{"seats", 3},
                       {"expansions", {{"river2", true}, {"count", true}, {"king_robber", true}, {"cult", true}}},
                       {"bots", {{{"seat", 1}, {"kind", "random"}}, {{"seat", 2}, {"kind", "greedy"}}}}},
                      3);
}

TEST_CASE("patches equal snapshots while spectators come, go, rename and drop: The Castle", "[server][views]") {
    play_watched_game({{"rules", "castle"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}}, 4);
}
