#pragma once
// A player's rating on the display scale (Glicko's: 1500 +- 350 for a newcomer), the same for
// every table size (Glicko-2, pairwise at 3-5 players), and how idle time widens it.

namespace carc::competition {

struct Rating {
    double rating = 1500.0;    // the estimate of strength
    double rd = 350.0;         // rating deviation: the uncertainty of that estimate
    double volatility = 0.06;  // Glicko-2's expected fluctuation
};

// Newcomers start here (docs/ratings.md).
inline constexpr Rating kNewcomer{};
// A rating is provisional while it is this uncertain.
inline constexpr double kProvisionalRd = 110.0;
// Idle time never makes a rating less certain than a newcomer's.
inline constexpr double kMaxRd = 350.0;
// One rating period, the unit in which idle time widens RD, in seconds (a week).
inline constexpr double kRatingPeriodSeconds = 7.0 * 24 * 3600;

bool is_provisional(const Rating& r);

// Rating periods in `seconds` of elapsed time (fractional; negative time counts as none).
double rating_periods(double seconds);

// The rating after `periods` rating periods without games: Glicko-2's step 6 applied
// continuously, phi' = sqrt(phi^2 + periods * sigma^2), capped at kMaxRd.
Rating after_idle_periods(const Rating& r, double periods);

}  // namespace carc::competition
