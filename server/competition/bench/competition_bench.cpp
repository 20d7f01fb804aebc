// carc-competition-bench: how long a rating update and a Swiss pairing take. Prints figures;
// not a test. Usage: carc-competition-bench [repetitions]
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "carc/competition/rated_game.hpp"
#include "carc/competition/round_robin.hpp"
#include "carc/competition/swiss.hpp"
#include "carc/competition/tournament.hpp"

using namespace carc::competition;
using Clock = std::chrono::steady_clock;

namespace {

// Microseconds per call, wall clock and this process's CPU (the CPU figure is the one to
// compare on a busy machine).
struct Spent {
    double wall_us;
    double cpu_us;
};

template <typename F>
Spent microseconds_each(int repetitions, F&& f) {
    const auto start = Clock::now();
    const std::clock_t cpu_start = std::clock();
    for (int i = 0; i < repetitions; ++i) f(i);
    const std::chrono::duration<double, std::micro> wall = Clock::now() - start;
    const double cpu = 1e6 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    return {wall.count() / repetitions, cpu / repetitions};
}

std::ostream& operator<<(std::ostream& out, Spent s) {
    return out << s.wall_us << " us wall, " << s.cpu_us << " us CPU";
}

// 64 players, six rounds, the higher seed always winning: the pairing before each round.
void bench_swiss(int players, int rounds) {
    Tournament t;
    for (int id = 0; id < players; ++id) t.join(id, 1000.0 + 7.0 * ((id * 37) % players));
    for (int r = 0; r < rounds; ++r) {
        const std::vector<SwissPlayer> ps = t.swiss_players();
        SwissRound round;
        MatchingReport report;
        const Spent spent = microseconds_each(1, [&](int) { round = pair_swiss_round(ps, &report); });
        std::cout << "swiss pairing, " << players << " players, round " << r + 1 << ": " << spent
                  << " (" << report.cardinality_checks << " cardinality checks, " << report.exchanges
                  << " exchanges)\n";
        for (const auto& [a, b] : round.pairs) {
            const bool a_wins = t.entries().at(a).seed >= t.entries().at(b).seed;
            t.record({{a, b}, {a_wins ? 0 : 1, a_wins ? 1 : 0}});
        }
        if (round.bye) t.record_bye(*round.bye);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int repetitions = argc > 1 ? std::atoi(argv[1]) : 100000;
    if (repetitions <= 0) {
        std::cerr << "usage: carc-competition-bench [repetitions > 0]\n";
        return 2;
    }
    double sink = 0;
    const Spent two = microseconds_each(repetitions, [&](int i) {
        const Participant a{Rating{1500.0 + i % 100, 80, 0.06}, 0};
        const Participant b{Rating{1600, 120, 0.06}, 1};
        sink += rate_game({a, b}).participants[0].after.rating;
    });
    const Spent five = microseconds_each(repetitions, [&](int i) {
        std::vector<Participant> ps;
        for (int k = 0; k < 5; ++k) ps.push_back({Rating{1400.0 + 50 * k + i % 10, 90, 0.06}, 4 - k});
        sink += rate_game(ps).participants[0].after.rating;
    });
    std::cout << "rating update, 2 players (Glicko-2): " << two << "\n";
    std::cout << "rating update, 5 players (pairwise Glicko-2): " << five << "\n";
    bench_swiss(64, 6);
    std::vector<int> ids(33);
    for (int i = 0; i < 33; ++i) ids[static_cast<std::size_t>(i)] = i;
    std::size_t rr_rounds = 0;
    const Spent rr = microseconds_each(1, [&](int) { rr_rounds = round_robin_schedule(ids, 4).size(); });
    std::cout << "round robin, 33 players at tables of 4: " << rr_rounds << " rounds, " << rr << "\n";
    return sink == 0 ? 1 : 0;  // keeps the updates from being optimised away
}
