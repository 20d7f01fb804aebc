// The turn clock and alerts: a running clock counts down and is marked under 20 s, a move the
// server made for a seat out of time is logged, the turn alert comes once per turn, the title
// only for terminals that take it.

#include <catch2/catch.hpp>

#include "client_model.hpp"
#include "i18n.hpp"
#include "turn_clock.hpp"

using namespace carc::term;
using nlohmann::json;

TEST_CASE("a running clock counts down and is marked under 20 seconds") {
    const json clock = {{"remaining_ms", {25000, 15000}}, {"running", 0}, {"since", 1000000}, {"timeouts", {0, 0}}};
    CHECK(clock_text(clock, 0, 1000000) == "0:25");
    CHECK_FALSE(clock_low(clock, 0, 1000000));
    CHECK(clock_text(clock, 0, 1006000) == "!0:19");
    CHECK(clock_low(clock, 0, 1006000));
    CHECK(clock_text(clock, 1, 1006000) == "0:15");  // not running: not urgent
    CHECK(clock_text(clock, 0, 2000000) == "!0:00");
    CHECK(clock_text(json(), 0, 0).empty());
    CHECK(clock_text(clock, 5, 0).empty());
}

TEST_CASE("moves the server made for a seat whose time ran out are logged") {
    CHECK(clock_moves({{"timeouts", {0, 1}}}, {{"timeouts", {2, 1}}}) == std::vector<int>{0, 0});
    CHECK(clock_moves({{"timeouts", {0, 1}}}, {{"timeouts", {0, 1}}}).empty());
    CHECK(clock_moves(json(), {{"timeouts", {1}}}).empty());

    set_language(Lang::en);
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    json view = {{"room", {{"id", "r1"}, {"status", "playing"}, {"settings", {{"clock", {{"on_timeout", "random"}}}}},
                           {"seats", {{{"seat", 0}, {"kind", "human"}, {"name", "Ada"}}, {{"seat", 1}, {"kind", "human"}, {"name", "Bob"}}}}}},
                 {"you", {{"seat", 0}, {"legal", json::array()}}},
                 {"game", {{"phase", "place_tile"}, {"decider", 1}, {"result", nullptr},
                           {"clock", {{"remaining_ms", {1000, 0}}, {"running", 1}, {"since", 0}, {"timeouts", {0, 0}}}}}}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 1}, {"view", view}});
    model.handle({{"type", "patch"}, {"room", "r1"}, {"version", 2},
                  {"patch", {{{"op", "replace"}, {"path", "/game/clock/timeouts/1"}, {"value", 1}}}},
                  {"events", {{{"type", "tile_placed"}, {"player", 1}, {"tile", "B-U"}, {"x", 1}, {"y", 0}}}}});
    REQUIRE(model.log().size() == 2);
    CHECK(model.log()[0] == "Bob's time ran out: the server played a move for them");
    CHECK(model.log()[1] == "Bob laid B-U at (1,0)");
}

TEST_CASE("the turn alert comes once when the turn comes, the title only where the terminal takes it") {
    TurnAlert alert;
    CHECK(alert.update(true, 1, false));
    CHECK_FALSE(alert.update(true, 1, false));
    CHECK_FALSE(alert.update(false, 2, false));
    CHECK(alert.update(true, 3, false));
    CHECK(title_sequence("xterm-256color", "carc-term: your turn") == "\033]2;carc-term: your turn\007");
    CHECK(title_sequence("tmux-256color", "a\033b") == "\033]2;ab\007");
    CHECK(title_sequence("linux", "x").empty());
    CHECK(title_sequence("", "x").empty());
}

TEST_CASE("a 36-turn game rings twice per own turn at most: when it begins and when time runs low") {
    TurnAlert alert;
    int rings = 0;
    for (long long turn = 1; turn <= 36; ++turn) {
        const bool mine = turn % 2 == 1;
        // Each turn of the player's holds the tile, then (the server answering in between, so it
        // is not theirs for a moment) the follower, then a scoring order; the clock runs low in
        // the middle of their last turn.
        int i = 0;
        for (const bool step : {mine, false, mine, false, mine, mine})
            rings += alert.update(step, turn, step && turn == 35 && i++ >= 2) ? 1 : 0;
    }
    CHECK(rings == 18 + 1);
    // Low time rings once, at the first view that shows it, however often the screen redraws.
    TurnAlert low;
    CHECK(low.update(true, 7, false));
    CHECK(low.update(true, 7, true));
    CHECK_FALSE(low.update(true, 7, true));
    CHECK_FALSE(low.update(false, 7, true));
    CHECK_FALSE(low.update(true, 7, true));
    CHECK(low.update(true, 9, true));  // a new turn already low: one ring for both
    CHECK_FALSE(low.update(true, 9, true));
}
