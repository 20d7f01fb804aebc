#pragma once
// Weng and Lin's Bayesian approximation with the Plackett-Luce model (Weng & Lin, "A Bayesian
// Approximation Method for Online Ranking", JMLR 2011, Algorithm 4), one player per team, as
// OpenSkill's PlackettLuce model computes it. Works on its own scale (mu 25, sigma 25/3);
// to_skill/to_rating map it onto the display scale.

#include <vector>

#include "carc/competition/rating.hpp"

namespace carc::competition {

struct Skill {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
};

struct PlackettLuceConfig {
    double beta = 25.0 / 6.0;  // performance noise: sigma0 / 2
    double kappa = 1e-4;       // keeps sigma^2 from shrinking below 0
};

struct RankedSkill {
    Skill skill;
    int place = 0;  // 0 is first; equal places are ties
};

// Every player's skill after one game, in the input's order.
std::vector<Skill> plackett_luce_update(const std::vector<RankedSkill>& players,
                                        const PlackettLuceConfig& config = {});

// Display scale <-> Weng-Lin scale: rating = 1500 + 42 (mu - 25), RD = 42 sigma, so mu 25,
// sigma 25/3 is exactly 1500, RD 350.
inline constexpr double kDisplayPerSkill = 42.0;
Skill to_skill(const Rating& r);
// The rating with `s`'s mean and deviation; the volatility is `before`'s, unchanged.
Rating to_rating(const Skill& s, const Rating& before);

}  // namespace carc::competition
