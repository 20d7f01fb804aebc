#include <catch2/catch.hpp>
#include <stdexcept>

#include "carc/competition/standings.hpp"

using namespace carc::competition;

TEST_CASE("Table points share one point by place", "[standings]") {
    const TableResult two{{1, 2}, {0, 1}};
    CHECK(table_points(two, 0) == 1);
    CHECK(table_points(two, 1) == 0);
    const TableResult draw{{1, 2}, {0, 0}};
    CHECK(table_points(draw, 1) == 0.5);
    const TableResult four{{1, 2, 3, 4}, {0, 1, 1, 3}};  // 2 and 3 tie for second
    CHECK(table_points(four, 0) == Approx(1));
    CHECK(table_points(four, 1) == Approx(1.5 / 3));
    CHECK(table_points(four, 3) == 0);
}

TEST_CASE("Standings: points, then Buchholz, then Sonneborn-Berger", "[standings]") {
    Tournament t;
    for (int id = 1; id <= 4; ++id) t.join(id, 1500);
    // Round 1: 1 beats 2, 3 beats 4. Round 2: 1 beats 3, 4 beats 2. Round 3: 2 beats 3, 4 beats 1.
    t.record({{1, 2}, {0, 1}});
    t.record({{3, 4}, {0, 1}});
    t.record({{1, 3}, {0, 1}});
    t.record({{4, 2}, {0, 1}});
    t.record({{2, 3}, {0, 1}});
    t.record({{4, 1}, {0, 1}});
    // Points: 1 -> 2, 4 -> 2, 2 -> 1, 3 -> 1.
    // Buchholz: 1: 1 + 1 + 2 = 4; 4: 1 + 1 + 2 = 4; 2: 2 + 2 + 1 = 5; 3: 2 + 2 + 1 = 5.
    // Sonneborn-Berger: 4 beat 2 (1) and 1 (2) = 3; 1 beat 2 and 3 = 2; 3 beat 4 = 2; 2 beat 3 = 1.
    const auto s = standings(t);
    REQUIRE(s.size() == 4);
    CHECK(s[0].id == 4);
    CHECK(s[0].buchholz == 4);
    CHECK(s[0].sonneborn_berger == 3);
    CHECK(s[1].id == 1);
    CHECK(s[1].sonneborn_berger == 2);
    CHECK(s[2].id == 3);
    CHECK(s[2].buchholz == 5);
    CHECK(s[3].id == 2);
    CHECK(s[3].sonneborn_berger == 1);
    CHECK(s[3].rank == 4);
}

TEST_CASE("Standings: among equal points Buchholz decides, then Sonneborn-Berger", "[standings]") {
    Tournament t;
    for (int id = 1; id <= 4; ++id) t.join(id, 1500);
    // 1 beats 3, 2 beats 4, 3 beats 4: 1, 2 and 3 have a point each.
    t.record({{1, 3}, {0, 1}});
    t.record({{2, 4}, {0, 1}});
    t.record({{3, 4}, {0, 1}});
    // Buchholz: 1 -> 1 (3's point), 3 -> 1 (1's point + 4's none), 2 -> 0 (4's none).
    // Sonneborn-Berger between 1 and 3: 1 beat 3 (1 point) -> 1; 3 beat 4 (no points) -> 0.
    const auto s = standings(t);
    CHECK(s[0].id == 1);
    CHECK(s[0].sonneborn_berger == 1);
    CHECK(s[1].id == 3);
    CHECK(s[1].buchholz == 1);
    CHECK(s[1].sonneborn_berger == 0);
    CHECK(s[2].id == 2);
    CHECK(s[2].buchholz == 0);
}

TEST_CASE("Standings: a bye scores one point and nothing in the tie-breaks, ties share a rank",
          "[standings]") {
    Tournament t;
    t.join(1, 1600);
    t.join(2, 1500);
    t.join(3, 1400);
    t.record({{1, 2}, {0, 0}});
    t.record_bye(3);
    const auto s = standings(t);
    CHECK(s[0].id == 3);
    CHECK(s[0].points == 1);
    CHECK(s[0].buchholz == 0);
    // 1 and 2 drew: equal in everything, so they share second; the seed orders them.
    CHECK(s[1].id == 1);
    CHECK(s[2].id == 2);
    CHECK(s[1].rank == 2);
    CHECK(s[2].rank == 2);
}

TEST_CASE("Withdrawn players stay in the standings and leave the pairing", "[standings]") {
    Tournament t;
    for (int id = 1; id <= 3; ++id) t.join(id, 1500);
    t.record({{1, 2}, {0, 1}});
    t.withdraw(1);
    const auto s = standings(t);
    CHECK(s[0].id == 1);
    CHECK(s[0].withdrawn);
    CHECK(t.swiss_players().size() == 2);
}

TEST_CASE("The tournament refuses bad input with a clear message", "[standings]") {
    Tournament t;
    t.join(1, 1500);
    CHECK_THROWS_WITH(t.join(1, 1500), "player 1 has already joined");
    CHECK_THROWS_WITH(t.withdraw(9), "player 9 is not in the tournament");
    CHECK_THROWS_WITH(t.record({{1, 9}, {0, 1}}), "player 9 is not in the tournament");
    t.join(2, 1500);
    CHECK_THROWS_WITH(t.record({{1, 1}, {0, 1}}), "player 1 is listed twice at a table");
    CHECK_THROWS_WITH(t.record({{1, 2}, {0}}), "a table result needs one place per player");
}
