#include <catch2/catch.hpp>
#include <vector>

#include "carc/competition/plackett_luce.hpp"

using namespace carc::competition;

namespace {

void check_update(const std::vector<RankedSkill>& players, const std::vector<Skill>& expected) {
    const std::vector<Skill> got = plackett_luce_update(players);
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        INFO("player " << i);
        CHECK(got[i].mu == Approx(expected[i].mu).margin(1e-9));
        CHECK(got[i].sigma == Approx(expected[i].sigma).margin(1e-9));
    }
}

}  // namespace

// The expected figures were printed by tests/competition/plackett_luce_reference.py, an
// independent Python implementation of Weng & Lin's Algorithm 4 written from the paper (run it
// with python3 to reproduce them).
TEST_CASE("Plackett-Luce matches the independent reference", "[plackett_luce]") {
    const double s0 = 25.0 / 3;
    SECTION("three newcomers") {
        check_update({{{25, s0}, 0}, {{25, s0}, 1}, {{25, s0}, 2}},
                     {{27.8688765527, 8.2048370308},
                      {25.7172191382, 8.0578297476},
                      {21.4139043091, 8.0578297476}});
    }
    SECTION("four mixed, tie for second") {
        check_update({{{30, 4}, 1}, {{22, 6}, 0}, {{27, 2.5}, 1}, {{18, 8}, 3}},
                     {{29.6438515652, 3.9769041176},
                      {24.0765740069, 5.9606071779},
                      {26.9319521204, 2.4967868117},
                      {16.4297169025, 7.7799236103}});
    }
    SECTION("five, upset") {
        check_update({{{35, 2}, 4}, {{28, 3}, 3}, {{25, s0}, 2}, {{20, 5}, 1}, {{15, 7}, 0}},
                     {{34.5335252646, 1.9979883214},
                      {27.9070287367, 2.9913569894},
                      {26.6186092320, 8.0093861376},
                      {21.1455050909, 4.9798163554},
                      {17.8332117343, 6.9719208781}});
    }
}

TEST_CASE("Tied players with equal skills move equally", "[plackett_luce]") {
    const std::vector<Skill> got =
        plackett_luce_update({{{25, 5}, 0}, {{25, 5}, 1}, {{25, 5}, 1}, {{25, 5}, 3}});
    CHECK(got[1].mu == Approx(got[2].mu));
    CHECK(got[1].sigma == Approx(got[2].sigma));
    CHECK(got[0].mu > got[1].mu);
    CHECK(got[1].mu > got[3].mu);
}

TEST_CASE("The skill scale maps a newcomer onto 1500 and RD 350", "[plackett_luce]") {
    const Skill s = to_skill(kNewcomer);
    CHECK(s.mu == Approx(25));
    CHECK(s.sigma == Approx(25.0 / 3));
    const Rating back = to_rating(Skill{26, 2}, Rating{1500, 350, 0.07});
    CHECK(back.rating == Approx(1542));
    CHECK(back.rd == Approx(84));
    CHECK(back.volatility == 0.07);
}
