#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "carc/competition/standings.hpp"

using namespace carc::competition;

namespace Catch {
template <>
struct StringMaker<Fraction> {
    static std::string convert(const Fraction& f) {
        return std::to_string(f.numerator()) + "/" + std::to_string(f.denominator());
    }
};
}  // namespace Catch

TEST_CASE("Table points share one point by place", "[standings]") {
    const TableResult two{{1, 2}, {0, 1}};
    CHECK(table_points(two, 0) == 1);
    CHECK(table_points(two, 1) == 0);
    const TableResult draw{{1, 2}, {0, 0}};
    CHECK(table_points(draw, 1) == Fraction(1, 2));
    const TableResult four{{1, 2, 3, 4}, {0, 1, 1, 3}};  // 2 and 3 tie for second
    CHECK(table_points(four, 0) == 1);
    CHECK(table_points(four, 1) == Fraction(1, 2));  // one beaten, one tied, of three
    CHECK(table_points(four, 3) == 0);
    const TableResult three{{1, 2, 3}, {0, 1, 2}};
    CHECK(table_points(three, 1) == Fraction(1, 2));
    const TableResult five{{1, 2, 3, 4, 5}, {0, 1, 2, 3, 3}};
    CHECK(table_points(five, 3) == Fraction(1, 8));  // half of one tie, over four
}

TEST_CASE("Fractions are exact where doubles are not", "[standings]") {
    // In doubles 1/6 + 1/2 + 1/3 is 1.0, 1/3 + 1/2 + 1/6 is 0.9999999999999999.
    CHECK(Fraction(1, 6) + Fraction(1, 2) + Fraction(1, 3) == 1);
    CHECK(Fraction(1, 3) + Fraction(1, 2) + Fraction(1, 6) == 1);
    CHECK(Fraction(2, 4) == Fraction(1, 2));
    CHECK(Fraction(-1, -2) == Fraction(1, 2));
    CHECK(Fraction(1, 3) < Fraction(1, 2));
    CHECK(Fraction(5, 6).to_double() == 5.0 / 6.0);
    CHECK_THROWS_WITH(Fraction(1, 0), "a fraction cannot have a zero denominator");
}

TEST_CASE("Standings at tables of 4 are exact: equal scores share a rank", "[standings]") {
    Tournament t;
    for (int id = 1; id <= 8; ++id) t.join(id, 1500);
    // Two rounds of two tables of four, some places tied. In floating point players 6 and 8 end
    // on 0.8333333333333334 and 0.8333333333333333 points (and Sonneborn-Berger
    // 0.8611111111111109 against 0.8611111111111112), so they never shared a rank.
    t.record({{5, 4, 2, 1}, {1, 3, 0, 2}});
    t.record({{6, 8, 7, 3}, {3, 1, 0, 1}});
    t.record({{1, 3, 4, 2}, {2, 0, 3, 1}});
    t.record({{5, 6, 8, 7}, {0, 0, 1, 2}});
    // Worked out by hand (and by Python's fractions.Fraction): id, points, Buchholz, SB, rank.
    struct Row {
        int id;
        Fraction points, buchholz, sonneborn_berger;
        int rank;
    };
    const std::vector<Row> expected{
        {2, {5, 3}, {13, 9}, {17, 18}, 1}, {3, {3, 2}, {5, 3}, {43, 36}, 2},
        {5, {3, 2}, {5, 3}, {35, 36}, 3},  {7, 1, {19, 9}, {19, 18}, 4},
        {6, {5, 6}, {20, 9}, {31, 36}, 5}, {8, {5, 6}, {20, 9}, {31, 36}, 5},
        {1, {2, 3}, {19, 9}, 0, 7},        {4, 0, {23, 9}, 0, 8},
    };
    const auto s = standings(t);
    REQUIRE(s.size() == expected.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        INFO("row " << i + 1);
        CHECK(s[i].id == expected[i].id);
        CHECK(s[i].points == expected[i].points);
        CHECK(s[i].buchholz == expected[i].buchholz);
        CHECK(s[i].sonneborn_berger == expected[i].sonneborn_berger);
        CHECK(s[i].rank == expected[i].rank);
    }
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
