#pragma once
// Standings with tie-breaks (docs/ratings.md, Standings): points, then Buchholz, then
// Sonneborn-Berger, then the rating seed, then the id.

#include <vector>

#include "carc/competition/tournament.hpp"

namespace carc::competition {

struct Standing {
    int id = 0;
    double points = 0;            // table points plus one per bye
    double buchholz = 0;          // per table, the opponents' mean points; summed
    double sonneborn_berger = 0;  // per table, the points won from each opponent times theirs, over (size - 1); summed
    int rank = 0;                 // 1 first; shared while points, Buchholz and SB are all equal
    bool withdrawn = false;
};

// Everyone who entered, withdrawn players included, best first.
std::vector<Standing> standings(const Tournament& tournament);

}  // namespace carc::competition
