// The City of Carcassonne's own decisions travel through a room like any action: a
// follower put into a quarter from supply and the Count moved, both shown to every viewer.
// Such a turn is rare in play, so the test finds one with the engine first (the server's seed
// is fixed) and then plays that very game through a room (in process, room_harness.hpp).
#include <algorithm>

#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/rng.hpp"
#include "random_game.hpp"
#include "room_harness.hpp"

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

// Leans the random game towards a turn whose player may put a follower into a quarter:
// player 1 takes every follower spot it can, player 0 never does, so player 0's tiles sometimes
// complete player 1's roads and cities and score only for them; every other City decision
// passes. A choice is drawn at every decision all the same, so each attempt's game stays the
// one its seed always gave.
class quarter_hunt final : public playout::Hooks {
public:
    bool stop(const State& s) override { return s.phase() == Phase::city_follower; }
    std::size_t choose(const State& s, const std::vector<Action>& legal, Rng& choices) override {
        const std::size_t drawn = Hooks::choose(s, legal, choices);
        if (s.phase() == Phase::place_tile) return drawn;
        if (s.phase() == Phase::place_follower && s.decider() == 1) return 0;
        const auto pass = std::find(legal.begin(), legal.end(), Action::pass());
        REQUIRE(pass != legal.end());
        return static_cast<std::size_t>(pass - legal.begin());
    }
};

// Moves that lead the seeded game to a turn whose player may put a follower into a quarter.
std::vector<Action> moves_to_quarter_choice() {
    for (std::uint64_t attempt = 0; attempt < 200; ++attempt) {
        quarter_hunt hunt;
        std::string error;
        auto game = playout::random_game(MatchSetup{city_config(), city_seed, {}}, attempt, &hunt, &error);
        INFO(error);
        REQUIRE(game);
        REQUIRE_FALSE(game->outcome.refused);
        if (game->end->phase() == Phase::city_follower) return game->log;
    }
    FAIL("no seeded game reached a quarter choice");
    return {};
}

json action_message(const room_member& m, const Action& a) {
    return {{"type", "action"}, {"version", m.follower.version}, {"action", protocol::action_to_json(a)}};
}

int quarter_followers(const json& view, const std::string& quarter) {
    int n = 0;
    for (const json& f : view["game"]["followers"])
        n += f.value("spot", "") == "quarter" && f.value("quarter", "") == quarter;
    return n;
}

}  // namespace

TEST_CASE("a follower into a quarter and the Count's move go through the room", "[server][city][room]") {
    const auto moves = moves_to_quarter_choice();
    auto config = test_config();
    config.fixed_seed = city_seed;
    hosted_room t({{"seats", 2}, {"expansions", {{"count", true}}}}, config);
    room_member &ada = t.ada, &bob = t.bob;
    room_member eve(t.h, t.h.arrive("Eve"), t.room);
    REQUIRE(bob.request({{"type", "join"}})["type"] == "joined");
    REQUIRE(eve.request({{"type", "spectate"}})["type"] == "joined");
    REQUIRE(ada.request({{"type", "start"}})["type"] == "ack");

    auto player_for = [&]() -> room_member& {
        ada.read();
        bob.read();
        return ada.view()["game"]["decider"] == 0 ? ada : bob;
    };
    for (const Action& a : moves) {
        room_member& v = player_for();
        const json reply = v.request(action_message(v, a));
        INFO(describe(a) << " -> " << reply.dump());
        REQUIRE(reply["type"] == "ack");
    }

    // The turn player scored nothing and gave points away: the City offers its quarters.
    room_member& mover = player_for();
    CHECK(mover.view()["game"]["phase"] == "city_follower");
    const json legal = mover.view()["you"]["legal"];
    REQUIRE(legal.size() == 5);  // four quarters, or pass
    json into_cathedral;
    for (const json& a : legal)
        if (a.value("quarter", "") == "cathedral") into_cathedral = a;
    REQUIRE_FALSE(into_cathedral.is_null());
    const int seat = mover.view()["you"]["seat"];
    const int supply_before = mover.view()["game"]["players"][seat]["supply"];
    REQUIRE(mover.request({{"type", "action"}, {"version", mover.follower.version}, {"action", into_cathedral}})["type"] == "ack");

    // Then the Count may move; the spectator sees both.
    room_member& same = player_for();
    CHECK(&same == &mover);
    CHECK(same.view()["game"]["phase"] == "move_count");
    CHECK(same.view()["game"]["count_quarter"] == "castle");
    json to_market;
    for (const json& a : same.view()["you"]["legal"])
        if (a.value("quarter", "") == "market") to_market = a;
    REQUIRE_FALSE(to_market.is_null());
    REQUIRE(same.request({{"type", "action"}, {"version", same.follower.version}, {"action", to_market}})["type"] == "ack");

    eve.read();
    CHECK(eve.view()["game"]["count_quarter"] == "market");
    CHECK(quarter_followers(eve.view(), "cathedral") == 1);
    CHECK(eve.view()["game"]["players"][seat]["supply"] == supply_before - 1);
    CHECK(eve.view()["game"]["phase"] == "place_tile");
}
