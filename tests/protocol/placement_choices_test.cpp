// The drawn tile's placements in the placer's view: each legal placement with the options the
// engine gives once it is laid, written compactly, and only in the view of the seat to lay it.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/placement_choices.hpp"
#include "carc/protocol/view.hpp"
#include "random_game.hpp"

using namespace carc;
using namespace carc::protocol;
using nlohmann::json;

namespace {

RoomInfo two_people() {
    RoomInfo room;
    room.id = "r1";
    room.status = RoomStatus::playing;
    room.seats.resize(2);
    room.seats[0] = SeatInfo{SeatInfo::Kind::human, "p1", "Ada", true, BotKind::random, false};
    room.seats[1] = SeatInfo{SeatInfo::Kind::human, "p2", "Bob", true, BotKind::random, false};
    return room;
}

// Before every tile placement of a random Tower game: the choices are the engine's legal
// placements, each with the options after it (ransoms left out), and only the placer sees them.
class placement_checks final : public playout::Hooks {
public:
    void before(const State& s, const std::vector<Action>& all) override {
        if (s.phase() != Phase::place_tile) return;
        ++placements_seen;
        std::vector<Action> legal = all;  // the placements: a ransom may be open beside them
        std::erase_if(legal, [](const Action& a) { return a.type != ActionType::place_tile; });
        const PlacementChoices choices = placement_choices(s);
        REQUIRE(choices.size() == legal.size());
        for (std::size_t i = 0; i < choices.size(); ++i) {
            CHECK(choices[i].placement == legal[i]);
            std::vector<Action> after;
            REQUIRE_FALSE(s.follower_options_after(legal[i], after));
            std::erase_if(after, [](const Action& a) { return a.type == ActionType::ransom; });
            CHECK(choices[i].then == after);
        }
        GameExtras extras;
        extras.placements = std::make_shared<const PlacementChoices>(choices);
        const RoomInfo room = two_people();
        const json mine = build_view(room, &s, extras, s.decider());
        CHECK(mine["you"]["placements"] == placement_choices_to_json(choices));
        CHECK_FALSE(build_view(room, &s, extras, 1 - s.decider())["you"].contains("placements"));
        CHECK_FALSE(build_view(room, &s, extras, std::nullopt)["you"].contains("placements"));
    }
    int placements_seen = 0;
};

}  // namespace

TEST_CASE("placements are compact: x, y, rotation, then segments, -1 for pass, objects for the rest",
          "[protocol][views]") {
    Action tile = Action::place_tile(Coord{2, -1}, 3);
    Action floor;
    floor.type = ActionType::add_floor;
    floor.at = Coord{0, 1};
    const PlacementChoices choices = {{tile, {Action::place_follower(0), Action::place_follower(2), floor, Action::pass()}},
                                      {Action::place_tile(Coord{0, 1}, 0), {}}};
    CHECK(placement_choices_to_json(choices) ==
          json::parse(R"([[2,-1,3,0,2,{"type":"add_floor","x":0,"y":1},-1],[0,1,0]])"));
}

TEST_CASE("the placer alone sees the placements, each with its options, over a Tower game", "[protocol][views]") {
    MatchSetup setup;
    setup.config.players = 2;
    setup.config.expansions.tower = true;
    setup.seed = 99;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    State state = match->state();
    placement_checks checks;
    Rng rng(3);
    const auto outcome = playout::play_random(state, rng, &checks);
    REQUIRE_FALSE(outcome.refused);
    CHECK(checks.placements_seen > 20);
    CHECK(placement_choices(state).empty());  // over
}
