// Two people play a whole seeded game in a room while a spectator watches (in process,
// room_harness.hpp): every patch lands on the previous view exactly as the next snapshot says,
// the tile order and the seed never appear in any message before the end, and the revealed seed
// matches the commitment. Coming back with a token mid-game goes through a real server.
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "game_driver.hpp"
#include "persist_driver.hpp"
#include "room_harness.hpp"
#include "room_openings.hpp"
#include "carc/records/seed_commitment.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr std::uint64_t test_seed = 0x9E3779B97F4A7C15ull;

// Plays the decider's next move the way a thin client would: ask for placements, or take one of
// the options in the view. Returns the room's reply to the action.
json play_one(room_member& player, std::mt19937& rng) {
    const json game = player.view()["game"];
    json action;
    if (game["phase"] == "place_tile") {
        const json placements = player.request({{"type", "legal_placements"}});
        REQUIRE(placements["type"] == "legal_placements");
        REQUIRE(placements["tile"] == game["drawn_tile"]);
        REQUIRE_FALSE(placements["placements"].empty());
        const json pick = placements["placements"][rng() % placements["placements"].size()];
        const json options = player.request({{"type", "follower_options"}, {"x", pick["x"]}, {"y", pick["y"]},
                                             {"rotation", pick["rotation"]}});
        REQUIRE(options["type"] == "follower_options");
        CHECK_FALSE(options["options"].empty());
        action = {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}};
    } else {
        const json& legal = player.view()["you"]["legal"];
        REQUIRE_FALSE(legal.empty());
        action = legal[rng() % legal.size()];
    }
    return player.request({{"type", "action"}, {"version", player.follower.version}, {"action", action}});
}

void collect_string_arrays(const json& value, std::vector<std::vector<std::string>>& out) {
    if (value.is_array()) {
        std::vector<std::string> strings;
        for (const json& item : value)
            if (item.is_string()) strings.push_back(item.get<std::string>());
        if (strings.size() >= 3 && strings.size() == value.size()) out.push_back(std::move(strings));
    }
    if (value.is_structured())
        for (const json& item : value) collect_string_arrays(item, out);
}

void collect_keys(const json& value, std::set<std::string>& keys) {
    if (value.is_object())
        for (auto it = value.begin(); it != value.end(); ++it) {
            keys.insert(it.key());
            collect_keys(it.value(), keys);
        }
    else if (value.is_array())
        for (const json& item : value) collect_keys(item, keys);
}

// Fails when a message sent before the end shows the seed or three tiles of the pile in order.
void check_no_leak(const std::vector<json>& messages, const std::vector<std::string>& pile_order) {
    const std::string seed_decimal = std::to_string(test_seed);
    for (const json& message : messages) {
        const std::string frame = message.dump();
        const bool final_frame = frame.find("\"reason\"") != std::string::npos;
        if (final_frame) break;  // the game is over: the seed may be revealed from here on
        REQUIRE(frame.find(seed_decimal) == std::string::npos);
        REQUIRE(frame.find("9e3779b97f4a7c15") == std::string::npos);
        std::set<std::string> keys;
        collect_keys(message, keys);
        for (const char* secret : {"pile", "draw_order", "hidden", "pile_order"}) REQUIRE_FALSE(keys.count(secret));
        std::vector<std::vector<std::string>> arrays;
        collect_string_arrays(message, arrays);
        for (const auto& ids : arrays)
            for (std::size_t i = 0; i + 3 <= ids.size(); ++i)
                for (std::size_t j = 0; j + 3 <= pile_order.size(); ++j)
                    REQUIRE_FALSE((ids[i] == pile_order[j] && ids[i + 1] == pile_order[j + 1] &&
                                   ids[i + 2] == pile_order[j + 2]));
    }
}

std::vector<std::string> pile_order_for(int players) {
    MatchSetup setup;
    setup.config.players = players;
    setup.seed = test_seed;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    std::vector<std::string> ids;
    for (TileTypeId t : match->state().hidden_pile_order()) ids.push_back(match->game().tiles().at(t).id);
    return ids;
}

}  // namespace

TEST_CASE("two players finish a seeded game while a spectator watches", "[server][room]") {
    auto config = test_config();
    config.fixed_seed = test_seed;
    hosted_room t({{"name", "in process"}, {"seats", 2}}, config);
    room_member &ada = t.ada, &bob = t.bob;
    room_member eve(t.h, t.h.arrive("Eve"), t.room);
    REQUIRE(bob.request({{"type", "join"}})["type"] == "joined");
    REQUIRE(eve.request({{"type", "spectate"}})["type"] == "joined");
    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");

    std::mt19937 rng(5);
    int moves = 0;
    while (true) {
        for (room_member* m : {&ada, &bob, &eve}) m->check_against_snapshot();
        CHECK(eve.view()["you"]["seat"].is_null());
        CHECK(eve.view()["you"]["legal"].empty());
        if (game_over(ada.view())) break;
        const int decider = ada.view()["game"]["decider"];
        room_member& player = decider == 0 ? ada : bob;
        const json reply = play_one(player, rng);
        INFO(reply.dump());
        REQUIRE(reply["type"] == "ack");
        ++moves;
        REQUIRE(moves < 1000);
    }
    CHECK(moves > 70);

    const json& game = eve.view()["game"];
    CHECK(game["phase"] == "game_over");
    CHECK(game["result"]["reason"] == "complete");
    CHECK(game["tiles_left"] == 0);
    CHECK(game["seed"] == std::to_string(test_seed));
    CHECK(server::seed_commitment(test_seed, game["seed_nonce"].get<std::string>()) == game["seed_commitment"]);
    CHECK(eve.view()["room"]["status"] == "finished");

    const auto order = pile_order_for(2);
    for (room_member* m : {&ada, &bob, &eve}) check_no_leak(m->who.link->ever_sent(), order);
}

TEST_CASE("reconnecting with the token restores the seat mid-game", "[server]") {
    test_server server;
    auto ada_ws = std::make_unique<ws_client>(server.port());
    ws_client bob_ws(server.port());
    const two_player_game game = start_two_player_game(*ada_ws, bob_ws);
    const std::string room = game.room, token = game.ada_token;
    CHECK(token.size() == 64);
    viewer bob{bob_ws, room};
    bob.check_against_snapshot();
    const std::string ada_person = bob.view["room"]["seats"][0]["person"];
    REQUIRE(bob.view["game"]["decider"] == 0);

    // Ada lays her tile, then her connection drops.
    {
        viewer ada{*ada_ws, room};
        ada.sync();
        REQUIRE(play_first(ada)["type"] == "ack");
        ada_ws.reset();
    }
    REQUIRE(bob.wait_until([](const json& v) { return v["room"]["seats"][0]["online"] == false; }));

    ws_client again(server.port());
    const json resumed = again.hello("Ada", token);
    REQUIRE(resumed["type"] == "welcome");
    CHECK(resumed["resumed"] == true);
    CHECK(resumed["person"] == ada_person);
    CHECK(resumed["rooms"] == json::array({room}));
    viewer ada{again, room};
    REQUIRE(ada.wait_until([](const json& v) { return v.is_object() && v["room"]["seats"][0]["online"] == true; }));
    CHECK(ada.view["you"]["seat"] == 0);
    CHECK(ada.view["game"]["phase"] == "place_follower");
    REQUIRE(play_first(ada)["type"] == "ack");
    bob.check_against_snapshot();
    CHECK(bob.view["game"]["decider"] == 1);
}
