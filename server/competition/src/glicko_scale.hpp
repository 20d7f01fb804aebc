#pragma once
// Glicko-2's internal scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.

namespace carc::competition {

inline constexpr double kGlickoScale = 173.7178;
inline constexpr double kGlickoCentre = 1500.0;

}  // namespace carc::competition
