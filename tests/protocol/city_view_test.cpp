// The City of Carcassonne on the wire: every City decision a random game offers survives the
// JSON round trip, its events serialise with their quarter, and the view shows the Count and,
// while followers may come from a quarter, the feature they would join.
#include <catch2/catch.hpp>

#include "carc/bots.hpp"
#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/view.hpp"

using namespace carc;
using namespace carc::protocol;
using nlohmann::json;

TEST_CASE("city decisions, events and views on the wire", "[protocol]") {
    RoomInfo room;
    room.id = "r1";
    room.status = RoomStatus::playing;
    room.settings.config.players = 5;
    room.settings.config.expansions.count = true;
    room.seats.resize(5);
    int redeploy_views = 0, market_views = 0, city_events = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        std::string error;
        auto match = Match::create(MatchSetup{room.settings.config, seed, {}}, &error);
        REQUIRE(match);
        Rng rng(seed);
        while (!match->state().is_over()) {
            const State& s = match->state();
            std::vector<Action> legal;
            s.legal_actions(legal);
            for (const Action& a : legal) CHECK(action_from_json(action_to_json(a)) == a);
            const json view = build_view(room, &s, GameExtras{}, s.decider());
            CHECK(view["game"].contains("count_quarter"));
            if (s.phase() == Phase::redeploy) {
                ++redeploy_views;
                REQUIRE(view["game"].contains("redeploy_onto"));
                CHECK(view["game"]["redeploy_onto"]["feature"].is_string());
                CHECK(view["you"]["legal"].size() == 2);  // the quarter, or pass
            }
            if (s.phase() == Phase::market_move) {
                ++market_views;
                CHECK_FALSE(view["you"]["legal"].empty());
            }
            // Prefer the City's options (not pass) so that the games reach them.
            Action action = choose_random(s, rng);
            const bool city_phase = s.phase() == Phase::city_follower || s.phase() == Phase::move_count ||
                                    s.phase() == Phase::redeploy;
            if (city_phase) action = legal[rng.below(static_cast<std::uint32_t>(legal.size() - 1))];
            std::vector<Event> events;
            REQUIRE_FALSE(match->apply(action, &events));
            const json list = events_to_json(events, match->game().tiles());
            for (const json& e : list)
                if (e["type"] == "quarter_follower_placed" || e["type"] == "follower_moved" ||
                    e["type"] == "count_moved") {
                    ++city_events;
                    CHECK(e["quarter"].is_string());
                }
        }
    }
    CHECK(redeploy_views > 0);
    CHECK(market_views > 0);
    CHECK(city_events > 0);
}
