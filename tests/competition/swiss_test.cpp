#include <catch2/catch.hpp>
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "carc/competition/swiss.hpp"
#include "simulated_swiss.hpp"

using namespace carc::competition;
using namespace carc::competition::testing;

namespace {

// Every rule a Swiss round must keep, over a whole tournament.
void check_rules(const std::vector<PlayedRound>& rounds) {
    std::set<std::pair<int, int>> met;
    std::map<int, int> byes;
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        INFO("round " << r + 1);
        const auto& pr = rounds[r];
        std::multiset<int> seated;
        for (const auto& [a, b] : pr.round.pairs) {
            CHECK(met.insert(std::minmax(a, b)).second);  // never a repeated pair
            seated.insert(a);
            seated.insert(b);
        }
        const bool odd = pr.players.size() % 2 == 1;
        CHECK(pr.round.bye.has_value() == odd);  // a bye exactly when the count is odd
        if (pr.round.bye) {
            seated.insert(*pr.round.bye);
            CHECK(++byes[*pr.round.bye] == 1);  // at most one bye each
        }
        std::multiset<int> active;
        for (const auto& p : pr.players) active.insert(p.id);
        CHECK(seated == active);  // every active player exactly once
    }
}

// The fewest pairs across score groups any legal pairing of the round has, by enumeration.
int exact_minimum_unequal(const PlayedRound& pr) {
    const auto& ps = pr.players;
    const int n = static_cast<int>(ps.size());
    std::vector<bool> used(n, false);
    int best = n;
    std::function<void(int, bool)> go = [&](int unequal, bool bye_given) {
        if (unequal >= best) return;
        int i = 0;
        while (i < n && used[i]) ++i;
        if (i == n) {
            best = unequal;
            return;
        }
        used[i] = true;
        if (n % 2 == 1 && !bye_given && !ps[i].had_bye) go(unequal, true);
        for (int j = i + 1; j < n; ++j) {
            const bool met = std::count(ps[i].opponents.begin(), ps[i].opponents.end(), ps[j].id) > 0;
            if (used[j] || met) continue;
            used[j] = true;
            go(unequal + (ps[i].score != ps[j].score ? 1 : 0), bye_given);
            used[j] = false;
        }
        used[i] = false;
    };
    go(0, false);
    return best;
}

// A lower bound: every score group of odd size (the bye taken out) sends a player across.
int parity_bound(const PlayedRound& pr) {
    std::map<double, int> group;
    for (const auto& p : pr.players) {
        if (!pr.round.bye || p.id != *pr.round.bye) ++group[p.score];
    }
    int odd = 0;
    for (const auto& [score, size] : group) odd += size % 2;
    return odd / 2;
}

}  // namespace

TEST_CASE("Swiss: 8 and 9 players, every rule, and the fewest cross-group pairs possible",
          "[swiss]") {
    for (const int n : {8, 9}) {
        for (const int rounds : {3, 5}) {
            INFO(n << " players, " << rounds << " rounds");
            const auto played = play_swiss(scenario(n, rounds, 2024));
            check_rules(played);
            for (const auto& pr : played) CHECK(unequal_pairs(pr) == exact_minimum_unequal(pr));
        }
    }
}

// The exact minima were printed by swiss_minimum_reference.py (networkx's exact
// maximum-weight matching, an independent implementation) from swiss_rounds_dump's output for
// these very tournaments: `swiss_rounds_dump 64 6 7` and `swiss_rounds_dump 33 6 7`.
TEST_CASE("Swiss: 33 and 64 players over all rounds, as few cross-group pairs as possible",
          "[swiss]") {
    const std::map<int, std::vector<int>> exact_minimum{{33, {0, 1, 1, 2, 2, 2}},
                                                      {64, {0, 1, 1, 2, 1, 5}}};
    for (const int n : {33, 64}) {
        INFO(n << " players");
        const auto played = play_swiss(scenario(n, 6, 7));
        check_rules(played);
        for (std::size_t r = 0; r < played.size(); ++r) {
            INFO("round " << r + 1);
            CHECK(unequal_pairs(played[r]) == exact_minimum.at(n)[r]);
            CHECK(unequal_pairs(played[r]) >= parity_bound(played[r]));  // the bound holds
        }
    }
}

TEST_CASE("Swiss: late joins and withdrawals between rounds", "[swiss]") {
    SwissScenario s = scenario(33, 6, 99);
    s.withdraw_before = {{2, {3, 17}}, {4, {20}}};
    s.join_before = {{1, 1}, {3, 2}};
    Tournament t;
    const auto played = play_swiss(s, &t);
    check_rules(played);
    // Counts: 33, 34 after a join, 32, 34, 33.
    CHECK(played[0].players.size() == 33);
    CHECK(played[1].players.size() == 34);
    CHECK(played[2].players.size() == 32);
    CHECK(played[3].players.size() == 34);
    CHECK(played[4].players.size() == 33);
    for (std::size_t r = 2; r < played.size(); ++r) {
        for (const auto& [a, b] : played[r].round.pairs) {
            CHECK(a != 3);
            CHECK(b != 17);
        }
    }
    CHECK(played[1].players.back().score == 0);  // the late joiner starts with nothing
}

TEST_CASE("Swiss refuses what it cannot pair, with a clear message", "[swiss]") {
    CHECK_THROWS_WITH(pair_swiss_round({{1, 0, 1500, false, {}}}),
                      "a Swiss round needs 2 to 256 players, not 1");
    CHECK_THROWS_WITH(pair_swiss_round({{1, 0, 1500, false, {}}, {1, 0, 1500, false, {}}}),
                      "player 1 is listed twice");
    // Two players who have met: no pairing is left.
    CHECK_THROWS_AS(pair_swiss_round({{1, 1, 1500, false, {2}}, {2, 0, 1500, false, {1}}}),
                    PairingImpossible);
    // Three players, both low scorers already had their bye: the leader takes it.
    const SwissRound r =
        pair_swiss_round({{1, 2, 1500, false, {}}, {2, 1, 1500, true, {}}, {3, 1, 1500, true, {}}});
    CHECK(r.bye == 1);
}

TEST_CASE("Swiss: the first round folds each score group, top half against bottom half",
          "[swiss]") {
    std::vector<SwissPlayer> ps;
    for (int i = 0; i < 8; ++i) ps.push_back({i, 0, 2000.0 - 10 * i, false, {}});
    const SwissRound r = pair_swiss_round(ps);
    std::set<std::pair<int, int>> got(r.pairs.begin(), r.pairs.end());
    CHECK(got == std::set<std::pair<int, int>>{{0, 4}, {1, 5}, {2, 6}, {3, 7}});
}
