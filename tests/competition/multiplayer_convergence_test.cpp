// How fast ratings settle at each table size, on simulated players of known strength: every
// game's order is drawn from the Plackett-Luce model of their strengths (performance = strength
// * ln 10 / 400 plus Gumbel noise, so two players win by Elo's formula), from a fixed seed.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "carc/competition/rated_game.hpp"

using namespace carc::competition;

namespace {

// SplitMix64: the same numbers on every platform; uniform in (0, 1), never 0.
struct Rng {
    std::uint64_t state;
    double uniform() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        return (static_cast<double>(z >> 11) + 0.5) / 9007199254740992.0;
    }
};

struct Simulated {
    double strength;
    Rating rating;
};

// Plays one game at the table (indices into `players`) and stores everyone's new rating.
void play(std::vector<Simulated>& players, const std::vector<int>& table, Rng& rng) {
    std::vector<std::pair<double, std::size_t>> performance;
    for (std::size_t k = 0; k < table.size(); ++k) {
        const double gumbel = -std::log(-std::log(rng.uniform()));
        performance.emplace_back(players[table[k]].strength * std::log(10.0) / 400.0 + gumbel, k);
    }
    std::sort(performance.begin(), performance.end(), std::greater<>());
    std::vector<Participant> participants(table.size());
    for (std::size_t place = 0; place < performance.size(); ++place) {
        const std::size_t k = performance[place].second;
        participants[k].before = players[table[k]].rating;
        participants[k].place = static_cast<int>(place);
    }
    const RatedGameResult result = rate_game(participants);
    for (std::size_t k = 0; k < table.size(); ++k) players[table[k]].rating = result.participants[k].after;
}

const std::vector<double> kLevels{1100, 1300, 1500, 1700, 1900};
constexpr int kPerLevel = 12;  // 60 players: whole tables of 2, 3, 4 and 5

// 60 newcomers, 12 at each strength level, play `games` rounds at random tables of `size`.
std::vector<Simulated> newcomers_play(int size, int games, std::uint64_t seed) {
    std::vector<Simulated> players;
    for (const double level : kLevels) {
        for (int k = 0; k < kPerLevel; ++k) players.push_back({level, kNewcomer});
    }
    Rng rng{seed};
    std::vector<int> order(players.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    for (int g = 0; g < games; ++g) {
        for (std::size_t i = order.size() - 1; i > 0; --i) {
            std::swap(order[i], order[static_cast<std::size_t>(rng.uniform() * static_cast<double>(i + 1))]);
        }
        for (std::size_t t = 0; t + size <= order.size(); t += size) {
            play(players, std::vector<int>(order.begin() + t, order.begin() + t + size), rng);
        }
    }
    return players;
}

double mean_rating(const std::vector<Simulated>& players, double level) {
    double sum = 0;
    for (const auto& p : players) sum += p.strength == level ? p.rating.rating : 0;
    return sum / kPerLevel;
}

}  // namespace

TEST_CASE("After 30 games of 3, 4 or 5 players newcomers' ratings rank them right and RD is "
          "at most 110",
          "[rated_game][convergence]") {
    for (const int size : {2, 3, 4, 5}) {
        INFO(size << " players a table");
        const auto players = newcomers_play(size, 30, 20261128);
        double worst_rd = 0;
        double error = 0;
        for (const auto& p : players) {
            worst_rd = std::max(worst_rd, p.rating.rd);
            error += std::abs(p.rating.rating - p.strength) / static_cast<double>(players.size());
        }
        // Each strength level's mean rating in order, and near the level.
        for (std::size_t l = 0; l < kLevels.size(); ++l) {
            INFO("level " << kLevels[l] << ": mean " << mean_rating(players, kLevels[l]));
            if (size > 2) CHECK(std::abs(mean_rating(players, kLevels[l]) - kLevels[l]) < 60);
            if (l > 0) CHECK(mean_rating(players, kLevels[l]) > mean_rating(players, kLevels[l - 1]));
        }
        INFO("worst RD " << worst_rd << ", mean error " << error);
        if (size == 2) continue;  // the reference: two-player Glicko-2 as it always was
        // Any two players 400 apart in strength are ordered right.
        for (const auto& weak : players) {
            for (const auto& strong : players) {
                if (strong.strength >= weak.strength + 400) CHECK(strong.rating.rating > weak.rating.rating);
            }
        }
        CHECK(worst_rd <= 110);
        CHECK(error < 70);
    }
}

TEST_CASE("A newcomer joining settled players is settled after 30 games at any table size",
          "[rated_game][convergence]") {
    // An established pool rated at its strengths (RD 50); one newcomer of strength 1800 sits at
    // a table with random others every game.
    for (const int size : {2, 3, 4, 5}) {
        INFO(size << " players a table");
        std::vector<Simulated> players;
        for (const double level : kLevels) {
            for (int k = 0; k < kPerLevel; ++k) players.push_back({level, Rating{level, 50, 0.06}});
        }
        players.push_back({1800, kNewcomer});
        const int newcomer = static_cast<int>(players.size()) - 1;
        Rng rng{7 + static_cast<std::uint64_t>(size)};
        for (int g = 0; g < 30; ++g) {
            std::vector<int> table{newcomer};
            while (static_cast<int>(table.size()) < size) {
                const int other = static_cast<int>(rng.uniform() * newcomer);
                if (std::find(table.begin(), table.end(), other) == table.end()) table.push_back(other);
            }
            play(players, table, rng);
        }
        const Rating& r = players[newcomer].rating;
        INFO("rating " << r.rating << " RD " << r.rd);
        CHECK(std::abs(r.rating - 1800) < 2 * r.rd);
        if (size == 2) {
            CHECK(r.rd > 90);  // two players: the pace the others are measured against
            CHECK(r.rd < 110);
        } else {
            CHECK(r.rd <= 110);
        }
    }
}
