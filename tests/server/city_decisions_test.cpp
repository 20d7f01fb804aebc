// The City of Carcassonne's own decisions travel through the server like any action: a
// follower put into a quarter from supply and the Count moved, both shown to every viewer.
// Such a turn is rare in play, so the test finds one with the engine first (the server's seed
// is fixed) and then plays that very game over the wire.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/rng.hpp"
#include "game_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr std::uint64_t city_seed = 20261122;

GameConfig city_config() {
    GameConfig config;
    config.players = 2;
    config.expansions.count = true;
    return config;
}

// Moves that lead the seeded game to a turn whose player may put a follower into a quarter:
// player 1 takes every follower spot it can, player 0 never does, so player 0's tiles sometimes
// complete player 1's roads and cities and score only for them.
std::vector<Action> moves_to_quarter_choice() {
    std::string error;
    for (std::uint64_t attempt = 0; attempt < 200; ++attempt) {
        auto match = Match::create(MatchSetup{city_config(), city_seed, {}}, &error);
        REQUIRE(match);
        Rng choices(attempt);
        std::vector<Action> legal;
        while (!match->state().is_over()) {
            const State& s = match->state();
            if (s.phase() == Phase::city_follower) return match->actions();
            s.legal_actions(legal);
            Action chosen = legal[choices.below(static_cast<std::uint32_t>(legal.size()))];
            if (s.phase() == Phase::place_follower) chosen = s.decider() == 1 ? legal.front() : Action::pass();
            if (s.phase() != Phase::place_tile && s.phase() != Phase::place_follower) chosen = Action::pass();
            REQUIRE_FALSE(match->apply(chosen));
        }
    }
    FAIL("no seeded game reached a quarter choice");
    return {};
}

json action_message(const viewer& v, const Action& a) {
    return {{"type", "action"}, {"room", v.room}, {"version", v.version}, {"action", protocol::action_to_json(a)}};
}

int quarter_followers(const json& view, const std::string& quarter) {
    int n = 0;
    for (const json& f : view["game"]["followers"])
        n += f.value("spot", "") == "quarter" && f.value("quarter", "") == quarter;
    return n;
}

}  // namespace

TEST_CASE("a follower into a quarter and the Count's move go through the server", "[server][city]") {
    const auto moves = moves_to_quarter_choice();
    auto config = test_config();
    config.fixed_seed = city_seed;
    test_server server(config);
    ws_client ada_ws(server.port()), bob_ws(server.port()), eve_ws(server.port());
    greet(eve_ws, "Eve");
    const std::string room = seat_two_players(ada_ws, bob_ws, {{"seats", 2}, {"expansions", {{"count", true}}}}).room;
    viewer ada{ada_ws, room}, bob{bob_ws, room}, eve{eve_ws, room};
    watch_room(eve);
    start_game(ada);

    auto player_for = [&]() -> viewer& {
        ada.sync();
        viewer& v = ada.view["game"]["decider"] == 0 ? ada : bob;
        v.sync();
        return v;
    };
    for (const Action& a : moves) {
        viewer& v = player_for();
        const json reply = v.request(action_message(v, a));
        INFO(describe(a) << " -> " << reply.dump());
        REQUIRE(reply["type"] == "ack");
    }

    // The turn player scored nothing and gave points away: the City offers its quarters.
    viewer& mover = player_for();
    CHECK(mover.view["game"]["phase"] == "city_follower");
    const json& legal = mover.view["you"]["legal"];
    REQUIRE(legal.size() == 5);  // four quarters, or pass
    json into_cathedral;
    for (const json& a : legal)
        if (a.value("quarter", "") == "cathedral") into_cathedral = a;
    REQUIRE_FALSE(into_cathedral.is_null());
    const int supply_before = mover.view["game"]["players"][mover.view["you"]["seat"].get<int>()]["supply"];
    REQUIRE(mover.request({{"type", "action"}, {"room", room}, {"version", mover.version}, {"action", into_cathedral}})["type"] == "ack");

    // Then the Count may move; the spectator sees both.
    viewer& same = player_for();
    CHECK(&same == &mover);
    CHECK(same.view["game"]["phase"] == "move_count");
    CHECK(same.view["game"]["count_quarter"] == "castle");
    json to_market;
    for (const json& a : same.view["you"]["legal"])
        if (a.value("quarter", "") == "market") to_market = a;
    REQUIRE_FALSE(to_market.is_null());
    REQUIRE(same.request({{"type", "action"}, {"room", room}, {"version", same.version}, {"action", to_market}})["type"] == "ack");

    eve.sync();
    CHECK(eve.view["game"]["count_quarter"] == "market");
    CHECK(quarter_followers(eve.view, "cathedral") == 1);
    CHECK(eve.view["game"]["players"][same.view["you"]["seat"].get<int>()]["supply"] == supply_before - 1);
    CHECK(eve.view["game"]["phase"] == "place_tile");
}
