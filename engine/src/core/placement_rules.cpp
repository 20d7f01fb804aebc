// Placement rules beyond edge matching: River II's flow (river/) and the Cult's limits on
// shrines and monasteries (cult/). State asks here whether a drawn tile has such rules, where
// it may go and why a placement is refused.
#include "core/placement_rules.hpp"

#include "cult/cult_rules.hpp"
#include "river/river_rules.hpp"

namespace carc {

bool PlacementRules::has_rules(const State& s, TileTypeId type) {
    if (s.game().is_river(type)) return true;
    return s.game().cult_rules() && (s.game().is_cloister(type) || s.game().is_shrine(type));
}

const char* PlacementRules::violation(const State& s, TileTypeId type, Coord at, int rotation) {
    const auto& tile = s.game().tiles().at(type);
    if (s.game().is_river(type))
        if (const char* reason = RiverRules::violation(s, tile, at, rotation)) return reason;
    if (s.game().cult_rules() && (s.game().is_cloister(type) || s.game().is_shrine(type))) {
        CultRules::Buildings buildings;
        CultRules::collect_buildings(s, buildings);
        return CultRules::violation(s.game().is_shrine(type), at, buildings);
    }
    return nullptr;
}

bool PlacementRules::fits_somewhere(const State& s, TileTypeId type) {
    if (!has_rules(s, type)) return s.board().fits_somewhere(type);
    return placements(s, type, nullptr);
}

// The placements of a tile under the extra rules; with `out` null, only whether there is one.
// The Cult's limits do not depend on the rotation, so they are checked once per cell.
bool PlacementRules::placements(const State& s, TileTypeId type, std::vector<Action>* out) {
    const auto& tile = s.game().tiles().at(type);
    const bool river = s.game().is_river(type);
    const bool shrine = s.game().is_shrine(type);
    const bool cult = s.game().cult_rules() && (s.game().is_cloister(type) || shrine);
    CultRules::Buildings buildings;
    if (cult) CultRules::collect_buildings(s, buildings);
    bool any = false;
    for (const auto& cell : s.board().open_cells()) {
        int cult_ok = -1;  // not checked yet
        for (int rot = 0; rot < 4; ++rot) {
            if (!s.board().fits(type, cell, rot)) continue;
            if (river && RiverRules::violation(s, tile, cell.at, rot)) continue;
            if (cult) {
                if (cult_ok < 0) cult_ok = CultRules::violation(shrine, cell.at, buildings) ? 0 : 1;
                if (!cult_ok) continue;
            }
            if (!out) return true;
            out->push_back(Action::place_tile(cell.at, rot));
            any = true;
        }
    }
    return any;
}

}  // namespace carc
