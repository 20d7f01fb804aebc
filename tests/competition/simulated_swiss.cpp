#include "simulated_swiss.hpp"

#include <cmath>

namespace carc::competition::testing {
namespace {

// SplitMix64: the same numbers on every platform.
struct Rng {
    std::uint64_t state;
    double uniform() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        return static_cast<double>(z >> 11) / 9007199254740992.0;
    }
};

double strength(int id) { return 1200.0 + 17.0 * ((id * 37) % 64); }

}  // namespace

std::vector<PlayedRound> play_swiss(const SwissScenario& scenario, Tournament* out) {
    Tournament t;
    int next_id = 0;
    for (; next_id < scenario.players; ++next_id) t.join(next_id, strength(next_id));
    Rng rng{scenario.seed};
    std::vector<PlayedRound> played;
    for (int r = 0; r < scenario.rounds; ++r) {
        if (const auto it = scenario.withdraw_before.find(r); it != scenario.withdraw_before.end()) {
            for (const int id : it->second) t.withdraw(id);
        }
        if (const auto it = scenario.join_before.find(r); it != scenario.join_before.end()) {
            for (int k = 0; k < it->second; ++k, ++next_id) t.join(next_id, strength(next_id));
        }
        PlayedRound pr{t.swiss_players(), {}};
        pr.round = pair_swiss_round(pr.players);
        for (const auto& [a, b] : pr.round.pairs) {
            const double expected_a = 1.0 / (1.0 + std::pow(10.0, (strength(b) - strength(a)) / 400.0));
            const double u = rng.uniform();
            const int place_a = u < 0.1 ? 0 : (u < 0.1 + 0.9 * expected_a ? 0 : 1);
            const int place_b = u < 0.1 ? 0 : 1 - place_a;
            t.record({{a, b}, {place_a, place_b}});
        }
        if (pr.round.bye) t.record_bye(*pr.round.bye);
        played.push_back(pr);
    }
    if (out) *out = t;
    return played;
}

int unequal_pairs(const PlayedRound& played) {
    std::map<int, double> score;
    for (const auto& p : played.players) score[p.id] = p.score;
    int unequal = 0;
    for (const auto& [a, b] : played.round.pairs) unequal += score[a] != score[b] ? 1 : 0;
    return unequal;
}

}  // namespace carc::competition::testing
