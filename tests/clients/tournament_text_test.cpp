// carc-term --tournament ID: the standings and the current round as printed.
#include <catch2/catch.hpp>

#include "tournament_text.hpp"

using nlohmann::json;

TEST_CASE("the tournament's standings and current round as carc-term prints them", "[clients][tournaments]") {
    const json t = {
        {"name", "Club night"},
        {"format", "swiss"},
        {"status", "running"},
        {"round", 2},
        {"standings",
         {{{"rank", 1}, {"name", "Ada"}, {"points", 1.0}, {"buchholz", 1.0}, {"sonneborn_berger", 1.0}, {"withdrawn", false}},
          {{"rank", 2}, {"name", "Bob"}, {"points", 0.0}, {"buchholz", 1.0}, {"sonneborn_berger", 0.0}, {"withdrawn", true}}}},
        {"tables",
         {{{{"room", "r1"}, {"bye", false}, {"finished", true},
            {"players", {{{"name", "Ada"}, {"place", 0}}, {{"name", "Bob"}, {"place", 1}}}}}},
          {{{"room", "r4"}, {"bye", false}, {"finished", false}, {"players", {{{"name", "Ada"}}, {{"name", "Cy"}}}}},
           {{"room", nullptr}, {"bye", true}, {"finished", true}, {"players", {{{"name", "Dee"}, {"place", 0}}}}}}}}};
    CHECK(carc::term::tournament_text(t) ==
          "Club night (swiss, running, round 2)\n"
          "  #  player               points  Buchholz  SB\n"
          "  1  Ada                  1.0     1.00      1.00\n"
          "  2  Bob (withdrawn)      0.0     1.00      0.00\n"
          "round 2:\n"
          "  r4: Ada - Cy\n"
          "  bye: Dee (1)\n");
}
