// A live game without a clock whose player went away: after the grace period the seat is
// marked `offline_long`, another player may let the medium bot play it, and it is the person's
// again as soon as they are back. Real server; every wait is for a condition.
#include <catch2/catch.hpp>

#include "persist_driver.hpp"

using namespace carc::test;

namespace {

carc::server::server_config with_grace(std::chrono::milliseconds grace) {
    auto config = test_config();
    config.grace = grace;
    config.bot_think = std::chrono::milliseconds(5);
    config.bot_threads = 1;
    return config;
}

const json& seat_of(const viewer& v, int seat) { return v.view["room"]["seats"][seat]; }

json bot_for(viewer& v, int seat) {
    return v.request({{"type", "bot_for_offline"}, {"room", v.room}, {"seat", seat}});
}

}  // namespace

TEST_CASE("a bot may not take the seat of a player who is online or only just left", "[server][offline_seat]") {
    test_server server(with_grace(std::chrono::hours(1)));
    ws_client ada_ws(server.port());
    auto bob_ws = std::make_unique<ws_client>(server.port());
    const two_player_game game = start_two_player_game(ada_ws, *bob_ws);
    viewer ada{ada_ws, game.room};
    ada.sync();

    const json online = bot_for(ada, 1);
    CHECK(online["code"] == "wrong_status");
    CHECK(online["params"]["reason"] == "not_offline_long");
    const json own = bot_for(ada, 0);
    CHECK(own["code"] == "bad_field");

    bob_ws.reset();  // Bob's connection drops; his grace period has only begun
    REQUIRE(ada.wait_until([](const json& v) { return v["room"]["seats"][1]["online"] == false; }));
    CHECK_FALSE(seat_of(ada, 1).contains("offline_long"));
    const json early = bot_for(ada, 1);
    CHECK(early["params"]["reason"] == "not_offline_long");
    CHECK(seat_of(ada, 1)["away"] == false);
}

TEST_CASE("a clock decides for an absent player: no bot is asked for in a game with one", "[server][offline_seat]") {
    test_server server(with_grace(std::chrono::milliseconds(50)));
    ws_client ada_ws(server.port());
    auto bob_ws = std::make_unique<ws_client>(server.port());
    const two_player_game game = start_two_player_game(
        ada_ws, *bob_ws, {{"seats", 2}, {"clock", {{"initial_ms", 600000}, {"increment_ms", 0}, {"on_timeout", "random"}}}});
    viewer ada{ada_ws, game.room};
    ada.sync();
    bob_ws.reset();
    REQUIRE(ada.wait_until([](const json& v) { return v["room"]["seats"][1]["online"] == false; }));
    const json refused = bot_for(ada, 1);
    CHECK(refused["params"]["reason"] == "not_live_without_clock");
}

TEST_CASE("after the grace period a bot plays an absent player's seat until they are back",
          "[server][offline_seat]") {
    test_server server(with_grace(std::chrono::milliseconds(200)));
    ws_client ada_ws(server.port());
    auto bob_ws = std::make_unique<ws_client>(server.port());
    const two_player_game game = start_two_player_game(ada_ws, *bob_ws);
    viewer ada{ada_ws, game.room};
    ada.sync();
    REQUIRE(ada.view["game"]["decider"] == 0);

    bob_ws.reset();
    REQUIRE(ada.wait_until([](const json& v) { return v["room"]["seats"][1].value("offline_long", false); }));
    REQUIRE(bot_for(ada, 1)["type"] == "ack");
    CHECK(seat_of(ada, 1)["away"] == true);
    CHECK(bot_for(ada, 1)["type"] == "ack");  // asked again (another player, a second tab): done already

    // Ada plays her turn; the bot plays Bob's, and the decision comes back to her.
    const auto tiles_left = ada.view["game"]["tiles_left"].get<int>();
    while (ada.view["game"]["decider"] == 0 && ada.view["game"]["tiles_left"] == tiles_left) {
        REQUIRE(play_first(ada)["type"] == "ack");
        ada.sync();
    }
    REQUIRE(ada.wait_until([&](const json& v) {
        return v["game"]["decider"] == 0 && v["game"]["phase"] == "place_tile" &&
               v["game"]["tiles_left"].get<int>() <= tiles_left - 2;
    }));
    ada.check_against_snapshot();
    // The log tells the bot's moves for Bob from Ada's own: only the stand-in's say so.
    const json snap = ada.request({{"type", "snapshot"}, {"room", game.room}});
    int by_bot = 0, by_ada = 0;
    for (const json& e : snap["log"]) {
        if (e["type"] != "tile_placed") continue;
        if (e["player"] == 1) {
            ++by_bot;
            CHECK(e.value("stand_in", false));
        } else {
            ++by_ada;
            CHECK_FALSE(e.contains("stand_in"));
        }
    }
    CHECK(by_bot >= 1);
    CHECK(by_ada >= 1);

    // Bob comes back: his seat is his again, nobody is asked.
    ws_client bob_again(server.port());
    REQUIRE(greet(bob_again, "Bob", game.bob_token)["rooms"] == json::array({game.room}));
    REQUIRE(ada.wait_until([](const json& v) {
        const json& s = v["room"]["seats"][1];
        return s["online"] == true && s["away"] == false && !s.contains("offline_long");
    }));
    ada.check_against_snapshot();
}
