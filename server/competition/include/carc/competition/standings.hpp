#pragma once
// Standings with tie-breaks (docs/ratings.md, Standings): points, then Buchholz, then
// Sonneborn-Berger, then the rating seed, then the id. All three scores are exact fractions,
// so equal scores compare equal and share a rank.

#include <vector>

#include "carc/competition/fraction.hpp"
#include "carc/competition/tournament.hpp"

namespace carc::competition {

struct Standing {
    int id = 0;
    Fraction points;            // table points plus one per bye
    Fraction buchholz;          // per table, the opponents' mean points; summed
    Fraction sonneborn_berger;  // per table, the points won from each opponent times theirs, over (size - 1); summed
    int rank = 0;                 // 1 first; shared while points, Buchholz and SB are all equal
    bool withdrawn = false;
};

// Everyone who entered, withdrawn players included, best first.
std::vector<Standing> standings(const Tournament& tournament);

}  // namespace carc::competition
