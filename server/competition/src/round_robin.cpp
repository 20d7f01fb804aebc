// Round robin. Two players a table, fresh: the circle method (one player fixed, the others
// rotating). Otherwise greedy covering: each round opens tables one at a time with the player
// who still has the most unmet opponents, then seats whoever meets the most unmet opponents at
// that table (ties: more unmet opponents overall, then the lower id). Every round seats at
// least one unmet pair, so the schedule ends.
#include "carc/competition/round_robin.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace carc::competition {
namespace {

using PairSet = std::set<std::pair<int, int>>;

void check(const std::vector<int>& players, int table_size) {
    if (table_size < kMinTableSize || table_size > kMaxTableSize) {
        throw std::invalid_argument("a table seats 2 to 5 players, not " + std::to_string(table_size));
    }
    if (players.size() < 2) throw std::invalid_argument("a round robin needs at least 2 players");
    if (std::set<int>(players.begin(), players.end()).size() != players.size()) {
        throw std::invalid_argument("a player is listed twice");
    }
}

std::vector<Round> circle_method(const std::vector<int>& players) {
    std::vector<int> ring = players;
    if (ring.size() % 2 == 1) ring.push_back(-1);  // -1: sits out
    const std::size_t n = ring.size();
    std::vector<Round> rounds;
    for (std::size_t r = 0; r + 1 < n; ++r) {
        Round round;
        for (std::size_t i = 0; i < n / 2; ++i) {
            const int a = ring[i];
            const int b = ring[n - 1 - i];
            if (a >= 0 && b >= 0) round.push_back({a, b});
        }
        rounds.push_back(round);
        std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());  // ring[0] stays
    }
    return rounds;
}

// Table sizes for n players at tables of `size`: as even as possible, none larger than size.
std::vector<std::size_t> table_sizes(std::size_t n, std::size_t size) {
    if (size == 2) return std::vector<std::size_t>(n / 2, 2);
    const std::size_t tables = (n + size - 1) / size;
    std::vector<std::size_t> sizes(tables, n / tables);
    for (std::size_t i = 0; i < n % tables; ++i) ++sizes[i];
    return sizes;
}

struct Coverage {
    PairSet met;
    bool has_met(int a, int b) const { return met.contains(std::minmax(a, b)); }
    int unmet(int a, const std::vector<int>& among) const {
        int count = 0;
        for (const int b : among) count += (a != b && !has_met(a, b)) ? 1 : 0;
        return count;
    }
};

Round greedy_round(const std::vector<int>& players, std::size_t table_size, Coverage& coverage) {
    std::vector<int> free = players;
    Round round;
    for (const std::size_t size : table_sizes(players.size(), table_size)) {
        Table table;
        while (table.size() < size) {
            auto score = [&](int p) {
                int at_table = 0;
                for (const int q : table) at_table += coverage.has_met(p, q) ? 0 : 1;
                return std::pair{at_table, coverage.unmet(p, players)};
            };
            const auto best = std::min_element(free.begin(), free.end(), [&](int a, int b) {
                const auto sa = score(a);
                const auto sb = score(b);
                return sa != sb ? sa > sb : a < b;
            });
            table.push_back(*best);
            free.erase(best);
        }
        for (std::size_t i = 0; i < table.size(); ++i) {
            for (std::size_t j = i + 1; j < table.size(); ++j) coverage.met.insert(std::minmax(table[i], table[j]));
        }
        round.push_back(table);
    }
    return round;
}

bool all_met(const std::vector<int>& players, const Coverage& coverage) {
    for (const int p : players) {
        if (coverage.unmet(p, players) > 0) return false;
    }
    return true;
}

}  // namespace

std::vector<Round> round_robin_schedule(const std::vector<int>& players, int table_size,
                                        const PairSet& met) {
    check(players, table_size);
    if (table_size == 2 && met.empty()) return circle_method(players);
    Coverage coverage{met};
    std::vector<Round> rounds;
    while (!all_met(players, coverage)) {
        rounds.push_back(greedy_round(players, static_cast<std::size_t>(table_size), coverage));
    }
    return rounds;
}

}  // namespace carc::competition
