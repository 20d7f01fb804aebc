#include "carc/competition/rating.hpp"

#include <algorithm>
#include <cmath>

#include "glicko_scale.hpp"

namespace carc::competition {

bool is_provisional(const Rating& r) { return r.rd >= kProvisionalRd; }

double rating_periods(double seconds) { return std::max(0.0, seconds) / kRatingPeriodSeconds; }

Rating after_idle_periods(const Rating& r, double periods) {
    const double phi = r.rd / kGlickoScale;
    const double widened = std::sqrt(phi * phi + std::max(0.0, periods) * r.volatility * r.volatility);
    Rating out = r;
    out.rd = std::min(kMaxRd, widened * kGlickoScale);
    return out;
}

}  // namespace carc::competition
