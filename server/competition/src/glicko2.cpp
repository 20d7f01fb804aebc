// Glicko-2 as Glickman's "Example of the Glicko-2 system" states it, step by step.
#include "carc/competition/glicko2.hpp"

#include <cmath>
#include <numbers>

#include "glicko_scale.hpp"

namespace carc::competition {
namespace {

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, by the Illinois variant of regula falsi.
double new_volatility(double phi, double sigma, double delta, double v, const Glicko2Config& c) {
    const double a = std::log(sigma * sigma);
    const double tau2 = c.tau * c.tau;
    auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
    };
    double lo = a;
    double hi;
    if (delta * delta > phi * phi + v) {
        hi = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * c.tau) < 0) ++k;
        hi = a - k * c.tau;
    }
    double f_lo = f(lo);
    double f_hi = f(hi);
    while (std::abs(hi - lo) > c.epsilon) {
        const double mid = lo + (lo - hi) * f_lo / (f_hi - f_lo);
        const double f_mid = f(mid);
        if (f_mid * f_hi <= 0) {
            lo = hi;
            f_lo = f_hi;
        } else {
            f_lo /= 2.0;
        }
        hi = mid;
        f_hi = f_mid;
    }
    return std::exp(lo / 2.0);
}

}  // namespace

Rating glicko2_update(const Rating& player, std::span<const Glicko2Game> games,
                      const Glicko2Config& config) {
    if (games.empty()) return after_idle_periods(player, 1.0);
    const double mu = (player.rating - kGlickoCentre) / kGlickoScale;
    const double phi = player.rd / kGlickoScale;
    double v_inverse = 0;
    double improvement = 0;  // sum of g(phi_j) (s_j - E_j)
    for (const auto& game : games) {
        const double mu_j = (game.opponent.rating - kGlickoCentre) / kGlickoScale;
        const double phi_j = game.opponent.rd / kGlickoScale;
        const double e = expected(mu, mu_j, phi_j);
        v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
        improvement += g(phi_j) * (game.score - e);
    }
    const double v = 1.0 / v_inverse;
    const double sigma = new_volatility(phi, player.volatility, v * improvement, v, config);
    const double phi_star = std::sqrt(phi * phi + sigma * sigma);
    const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double mu_new = mu + phi_new * phi_new * improvement;
    return Rating{mu_new * kGlickoScale + kGlickoCentre, phi_new * kGlickoScale, sigma};
}

}  // namespace carc::competition
