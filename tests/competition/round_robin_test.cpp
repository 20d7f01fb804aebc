#include <catch2/catch.hpp>
#include <numeric>
#include <set>
#include <stdexcept>

#include "carc/competition/round_robin.hpp"

using namespace carc::competition;

namespace {

std::vector<int> ids(int n) {
    std::vector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), 100);
    return v;
}

// Every pair of `players` not in `met` shares a table; tables seat 2..table_size, each player
// at most once a round.
void check_schedule(const std::vector<int>& players, int table_size, const std::vector<Round>& rounds,
                    std::set<std::pair<int, int>> met = {}) {
    for (const auto& round : rounds) {
        std::set<int> seated;
        for (const auto& table : round) {
            CHECK(static_cast<int>(table.size()) >= 2);
            CHECK(static_cast<int>(table.size()) <= table_size);
            for (std::size_t i = 0; i < table.size(); ++i) {
                CHECK(seated.insert(table[i]).second);
                for (std::size_t j = i + 1; j < table.size(); ++j) met.insert(std::minmax(table[i], table[j]));
            }
        }
        // At most one player sits out, and only at two-player tables with an odd count.
        const std::size_t out = players.size() - seated.size();
        CHECK(out == (table_size == 2 ? players.size() % 2 : 0));
    }
    for (std::size_t i = 0; i < players.size(); ++i) {
        for (std::size_t j = i + 1; j < players.size(); ++j) CHECK(met.contains(std::minmax(players[i], players[j])));
    }
}

}  // namespace

TEST_CASE("Round robin: every pair meets, tables of 2 to 5", "[round_robin]") {
    for (int size = 2; size <= 5; ++size) {
        for (const int n : {2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 16, 20, 33}) {
            INFO(n << " players at tables of " << size);
            const auto players = ids(n);
            check_schedule(players, size, round_robin_schedule(players, size));
        }
    }
}

TEST_CASE("Round robin of two-player tables is the circle method: n - 1 rounds, n when odd",
          "[round_robin]") {
    CHECK(round_robin_schedule(ids(8), 2).size() == 7);
    CHECK(round_robin_schedule(ids(9), 2).size() == 9);
    // Four players at one table meet everyone at once.
    CHECK(round_robin_schedule(ids(4), 4).size() == 1);
}

TEST_CASE("Round robin goes on after a withdrawal and a late join", "[round_robin]") {
    std::vector<int> players = ids(10);
    const auto first = round_robin_schedule(players, 4);
    // Two rounds are played; then 104 withdraws and 200 joins.
    std::set<std::pair<int, int>> met;
    for (std::size_t r = 0; r < 2; ++r) {
        for (const auto& table : first[r]) {
            for (std::size_t i = 0; i < table.size(); ++i) {
                for (std::size_t j = i + 1; j < table.size(); ++j) met.insert(std::minmax(table[i], table[j]));
            }
        }
    }
    std::erase(players, 104);
    players.push_back(200);
    const auto rest = round_robin_schedule(players, 4, met);
    check_schedule(players, 4, rest, met);
    for (const auto& round : rest) {
        for (const auto& table : round) CHECK(std::count(table.begin(), table.end(), 104) == 0);
    }
}

TEST_CASE("Round robin refuses bad input with a clear message", "[round_robin]") {
    CHECK_THROWS_WITH(round_robin_schedule(ids(6), 6), "a table seats 2 to 5 players, not 6");
    CHECK_THROWS_WITH(round_robin_schedule(ids(1), 2), "a round robin needs at least 2 players");
    CHECK_THROWS_WITH(round_robin_schedule({1, 2, 1}, 2), "a player is listed twice");
}
