// The City of Carcassonne on the wire: every City decision a random game offers survives the
// JSON round trip, its events serialise with their quarter, and the view shows the Count and,
// while followers may come from a quarter, the feature they would join; the market move's
// targets are grouped by field.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/view.hpp"
#include "random_game.hpp"

using namespace carc;
using namespace carc::protocol;
using nlohmann::json;

namespace {

// Before each decision: its legal actions round-trip and the decider's view shows the City;
// after each action: its City events carry their quarter. The City's options are preferred
// (CityLean) so that the games reach them.
class city_wire_checks final : public playout::CityLean {
public:
    city_wire_checks(const RoomInfo& room, const Game& game) : room_(room), game_(game) {}

    void before(const State& s, const std::vector<Action>& legal) override {
        for (const Action& a : legal) CHECK(action_from_json(action_to_json(a)) == a);
        const json view = build_view(room_, &s, GameExtras{}, s.decider());
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
            // Every market move names its field once: the fields group the moves, so a client
            // offers each field as one target, with its holders and worth.
            std::vector<int> named(view["you"]["legal"].size(), 0);
            for (const json& f : view["you"]["features"]) {
                CHECK(f["kind"] == "field");
                CHECK(f["points"].get<int>() % 3 == 0);
                CHECK(f["followers"].size() == static_cast<std::size_t>(s.game().players()));
                CHECK_FALSE(f["segments"].empty());
                for (const json& i : f["actions"]) ++named[i.get<std::size_t>()];
            }
            for (int n : named) CHECK(n == 1);
        }
    }
    bool wants_events() const override { return true; }
    void after(const Action&, PlayerId, const State&, const std::vector<Event>& events) override {
        const json list = events_to_json(events, game_.tiles());
        for (const json& e : list)
            if (e["type"] == "quarter_follower_placed" || e["type"] == "follower_moved" ||
                e["type"] == "count_moved") {
                ++city_events;
                CHECK(e["quarter"].is_string());
            }
    }

    int redeploy_views = 0, market_views = 0, city_events = 0;

private:
    const RoomInfo& room_;
    const Game& game_;
};

}  // namespace

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
        city_wire_checks checks(room, match->game());
        State state = match->state();
        Rng rng(seed);
        const auto outcome = playout::play_random(state, rng, &checks);
        REQUIRE_FALSE(outcome.refused);
        REQUIRE(state.is_over());
        redeploy_views += checks.redeploy_views;
        market_views += checks.market_views;
        city_events += checks.city_events;
    }
    CHECK(redeploy_views > 0);
    CHECK(market_views > 0);
    CHECK(city_events > 0);
}
