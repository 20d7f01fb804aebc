// Weng-Lin / Plackett-Luce update, from the paper's Algorithm 4 with one player per team.
#include "carc/competition/plackett_luce.hpp"

#include <algorithm>
#include <cmath>

namespace carc::competition {

std::vector<Skill> plackett_luce_update(const std::vector<RankedSkill>& players,
                                        const PlackettLuceConfig& config) {
    const std::size_t n = players.size();
    double c2 = 0;
    for (const auto& p : players) c2 += p.skill.sigma * p.skill.sigma + config.beta * config.beta;
    const double c = std::sqrt(c2);
    std::vector<double> strength(n);  // exp(mu / c)
    for (std::size_t i = 0; i < n; ++i) strength[i] = std::exp(players[i].skill.mu / c);
    // C_q: the strengths of everyone placed at q's place or below; A_q: how many share q's place.
    std::vector<double> below_sum(n, 0.0);
    std::vector<int> sharing(n, 0);
    for (std::size_t q = 0; q < n; ++q) {
        for (std::size_t s = 0; s < n; ++s) {
            if (players[s].place >= players[q].place) below_sum[q] += strength[s];
            if (players[s].place == players[q].place) ++sharing[q];
        }
    }
    std::vector<Skill> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        double omega = 0;
        double delta = 0;
        for (std::size_t q = 0; q < n; ++q) {
            if (players[q].place > players[i].place) continue;
            const double share = strength[i] / below_sum[q];
            omega += ((q == i ? 1.0 : 0.0) - share) / sharing[q];
            delta += share * (1.0 - share) / sharing[q];
        }
        const double var = players[i].skill.sigma * players[i].skill.sigma;
        const double gamma = players[i].skill.sigma / c;
        out[i].mu = players[i].skill.mu + var / c * omega;
        out[i].sigma = std::sqrt(var * std::max(1.0 - gamma * var / c2 * delta, config.kappa));
    }
    return out;
}

Skill to_skill(const Rating& r) {
    return Skill{25.0 + (r.rating - 1500.0) / kDisplayPerSkill, r.rd / kDisplayPerSkill};
}

Rating to_rating(const Skill& s, const Rating& before) {
    return Rating{1500.0 + (s.mu - 25.0) * kDisplayPerSkill, s.sigma * kDisplayPerSkill,
                  before.volatility};
}

}  // namespace carc::competition
