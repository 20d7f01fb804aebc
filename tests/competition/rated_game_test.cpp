#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "carc/competition/leaderboard.hpp"
#include "carc/competition/rated_game.hpp"

using namespace carc::competition;

TEST_CASE("Two players are rated by Glicko-2 against each other's rating before the game",
          "[rated_game]") {
    const Rating a{1620, 80, 0.06};
    const Rating b{1480, 140, 0.061};
    const RatedGameResult r = rate_game({{a, 0}, {b, 1}});
    CHECK(r.model == RatingModel::glicko2);
    REQUIRE(r.participants.size() == 2);
    const Glicko2Game a_won{b, 1.0};
    const Glicko2Game b_lost{a, 0.0};
    const Rating a_after = glicko2_update(a, std::span(&a_won, 1));
    const Rating b_after = glicko2_update(b, std::span(&b_lost, 1));
    CHECK(r.participants[0].before.rating == 1620);
    CHECK(r.participants[0].after.rating == a_after.rating);
    CHECK(r.participants[0].after.rd == a_after.rd);
    CHECK(r.participants[0].after.volatility == a_after.volatility);
    CHECK(r.participants[1].after.rating == b_after.rating);
    CHECK(r.participants[1].before.rd == 140);
}

TEST_CASE("A shared place is a draw", "[rated_game]") {
    const RatedGameResult r = rate_game({{Rating{1500, 100, 0.06}, 0}, {Rating{1500, 100, 0.06}, 0}});
    CHECK(r.participants[0].after.rating == Approx(1500).margin(1e-9));
    CHECK(r.participants[1].after.rating == Approx(1500).margin(1e-9));
}

TEST_CASE("Resigning or timing out counts as a loss, below every finisher", "[rated_game]") {
    // The resigning player was ahead on points (place 0), yet loses.
    Participant quitter{kNewcomer, 0, true};
    Participant stayer{kNewcomer, 1};
    const RatedGameResult r = rate_game({quitter, stayer});
    CHECK(r.participants[0].after.rating < 1500);
    CHECK(r.participants[1].after.rating > 1500);

    const std::vector<Participant> four{{kNewcomer, 0, true}, {kNewcomer, 2}, {kNewcomer, 0},
                                        {kNewcomer, 1, true}};
    CHECK(effective_places(four) == std::vector<int>{3, 2, 0, 3});
}

TEST_CASE("Three to five players are rated by Glicko-2 against each other player at the table",
          "[rated_game]") {
    const Rating a{1620, 80, 0.06};
    const Rating b{1480, 140, 0.061};
    const Rating c{1550, 200, 0.06};
    const Rating d{1500, 350, 0.06};
    // b and c share second place: a draw between them, a loss to a, a win over d.
    const RatedGameResult r = rate_game({{a, 0}, {b, 1}, {c, 1}, {d, 3}});
    CHECK(r.model == RatingModel::pairwise_glicko2);
    const std::vector<Glicko2Game> a_games{{b, 1.0}, {c, 1.0}, {d, 1.0}};
    const std::vector<Glicko2Game> b_games{{a, 0.0}, {c, 0.5}, {d, 1.0}};
    const std::vector<Glicko2Game> d_games{{a, 0.0}, {b, 0.0}, {c, 0.0}};
    const Rating a_after = glicko2_update(a, a_games);
    const Rating b_after = glicko2_update(b, b_games);
    const Rating d_after = glicko2_update(d, d_games);
    CHECK(r.participants[0].after.rating == a_after.rating);
    CHECK(r.participants[0].after.rd == a_after.rd);
    CHECK(r.participants[1].after.rating == b_after.rating);
    CHECK(r.participants[1].after.volatility == b_after.volatility);
    CHECK(r.participants[3].after.rd == d_after.rd);
    // Three newcomers: the winner gains what the loser loses, the middle stays put.
    const RatedGameResult three = rate_game({{kNewcomer, 0}, {kNewcomer, 1}, {kNewcomer, 2}});
    CHECK(three.participants[0].after.rating - 1500 == Approx(1500 - three.participants[2].after.rating));
    CHECK(three.participants[1].after.rating == Approx(1500).margin(1e-9));
    // Two results shrink RD more than one: 350 -> 253.4 at a table of 3 (290.3 at two).
    CHECK(three.participants[0].after.rd == Approx(253.4).margin(0.1));
    CHECK(rate_game({{kNewcomer, 0}, {kNewcomer, 1}}).participants[0].after.rd ==
          Approx(290.3).margin(0.1));
}

TEST_CASE("A pair's result can be left out: repeated games against one opponent count less",
          "[rated_game]") {
    const Rating a{1620, 80, 0.06};
    const Rating b{1480, 140, 0.061};
    const Rating c{1550, 200, 0.06};
    // a beat b and c, b beat c; a and b have played too often today: only c's results count
    // for them, and c keeps both.
    const RatedGameResult r = rate_game({{a, 0}, {b, 1}, {c, 2}}, {{0, 1}});
    const std::vector<Glicko2Game> a_games{{c, 1.0}};
    const std::vector<Glicko2Game> b_games{{c, 1.0}};
    const std::vector<Glicko2Game> c_games{{a, 0.0}, {b, 0.0}};
    CHECK(r.participants[0].after.rating == glicko2_update(a, a_games).rating);
    CHECK(r.participants[1].after.rd == glicko2_update(b, b_games).rd);
    CHECK(r.participants[2].after.rating == glicko2_update(c, c_games).rating);
    // Two players over the limit: nothing moves, not even RD.
    Participant away{a, 0};
    away.idle_seconds = 52 * 7 * 24 * 3600.0;
    const RatedGameResult none = rate_game({away, {b, 1}}, {{0, 1}});
    CHECK(none.participants[0].after.rating == a.rating);
    CHECK(none.participants[0].after.rd == a.rd);
    CHECK(none.participants[1].after.rd == b.rd);
}

TEST_CASE("A bot's rating does not move but still rates the others", "[rated_game]") {
    const Rating bot{1900, 30, 0.06};
    Participant b{bot, 0};
    b.fixed = true;
    const RatedGameResult r = rate_game({b, {kNewcomer, 1}, {kNewcomer, 2}});
    CHECK(r.participants[0].after.rating == 1900);
    CHECK(r.participants[0].after.rd == 30);
    // Losing to a strong bot costs less than losing to a newcomer.
    const RatedGameResult even = rate_game({{kNewcomer, 0}, {kNewcomer, 1}, {kNewcomer, 2}});
    CHECK(r.participants[1].after.rating > even.participants[1].after.rating);
}

TEST_CASE("Idle time widens RD before the game is rated", "[rated_game]") {
    Participant away{Rating{1500, 60, 0.06}, 0};
    away.idle_seconds = 52 * 7 * 24 * 3600.0;
    const Participant fresh{Rating{1500, 60, 0.06}, 0};
    const Participant opponent{Rating{1500, 60, 0.06}, 1};
    const double gain_away = rate_game({away, opponent}).participants[0].after.rating - 1500;
    const double gain_fresh = rate_game({fresh, opponent}).participants[0].after.rating - 1500;
    CHECK(gain_away > gain_fresh);  // a less certain rating moves more
    CHECK(rate_game({away, opponent}).participants[0].before.rd == 60);
}

TEST_CASE("Rated games refuse a wrong number of players with a clear message", "[rated_game]") {
    CHECK_THROWS_WITH(rate_game({{kNewcomer, 0}}), "a rated game needs 2 to 5 players, not 1");
    const std::vector<Participant> six(6, Participant{kNewcomer, 0});
    CHECK_THROWS_AS(rate_game(six), std::invalid_argument);
    CHECK_THROWS_WITH(rate_game({{kNewcomer, 0}, {kNewcomer, -1}}),
                      "a finishing place cannot be negative");
}

TEST_CASE("Leaderboard: RD at most 75 and at least 10 rated games", "[leaderboard]") {
    CHECK(leaderboard_eligible(Rating{1800, 75, 0.06}, 10));
    CHECK_FALSE(leaderboard_eligible(Rating{1800, 75.1, 0.06}, 10));
    CHECK_FALSE(leaderboard_eligible(Rating{1800, 60, 0.06}, 9));
    // Half a year away widens RD 70 past 75.
    CHECK_FALSE(leaderboard_eligible(Rating{1800, 70, 0.06}, 40, 26 * 7 * 24 * 3600.0));
}
