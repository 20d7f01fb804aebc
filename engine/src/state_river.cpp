// River II (docs/ckc.md): where a river tile may go, the river's open ends, and what happens
// to a river tile that fits nowhere. Placement rules beyond edge matching dispatch from here.
#include "carc/state.hpp"
#include "emit.hpp"

namespace carc {
namespace {

constexpr int right_turn = 1;
constexpr int left_turn = 3;

// The sides a river segment leaves the tile by, in board orientation.
template <typename Fn>
void for_each_river_side(const TileType& tile, int rotation, Fn&& fn) {
    const int seg = tile.segment_of_kind(FeatureKind::river);
    if (seg < 0) return;
    const PortMask ports = tile.ports(rotation, seg);
    for (int side = 0; side < 4; ++side)
        if (ports & (1u << port_index(side, PortPart::middle))) fn(side);
}

// The turn from flowing towards side `flow` to leaving by side `out`: 0 straight, 1 right, 3 left.
int turn_of(int flow, int out) { return (out - flow + 4) & 3; }

}  // namespace

bool State::has_placement_rules(TileTypeId type) const {
    if (game_->is_river(type)) return true;
    return game_->cult_rules() && (game_->is_cloister(type) || game_->is_shrine(type));
}

const char* State::placement_rule_violation(TileTypeId type, Coord at, int rotation) const {
    const auto& tile = game_->tiles().at(type);
    if (game_->is_river(type))
        if (const char* reason = river_violation(tile, at, rotation)) return reason;
    if (game_->cult_rules() && (game_->is_cloister(type) || game_->is_shrine(type))) {
        Buildings buildings;
        collect_buildings(buildings);
        return cult_violation(game_->is_shrine(type), at, buildings);
    }
    return nullptr;
}

bool State::fits_somewhere(TileTypeId type) const {
    if (!has_placement_rules(type)) return board_.fits_somewhere(type);
    return ruled_placements(type, nullptr);
}

// The placements of a tile under the extra rules; with `out` null, only whether there is one.
// The Cult's limits do not depend on the rotation, so they are checked once per cell.
bool State::ruled_placements(TileTypeId type, std::vector<Action>* out) const {
    const auto& tile = game_->tiles().at(type);
    const bool river = game_->is_river(type);
    const bool shrine = game_->is_shrine(type);
    const bool cult = game_->cult_rules() && (game_->is_cloister(type) || shrine);
    Buildings buildings;
    if (cult) collect_buildings(buildings);
    bool any = false;
    for (const auto& cell : board_.open_cells()) {
        int cult_ok = -1;  // not checked yet
        for (int rot = 0; rot < 4; ++rot) {
            if (!board_.fits(type, cell, rot)) continue;
            if (river && river_violation(tile, cell.at, rot)) continue;
            if (cult) {
                if (cult_ok < 0) cult_ok = cult_violation(shrine, cell.at, buildings) ? 0 : 1;
                if (!cult_ok) continue;
            }
            if (!out) return true;
            out->push_back(Action::place_tile(cell.at, rot));
            any = true;
        }
    }
    return any;
}

// Edge matching already keeps river edges against river edges. On top of that the tile must
// continue exactly one open end (touching two would close a loop) and may not turn the same
// way as the river's last turn on that branch.
const char* State::river_violation(const TileType& tile, Coord at, int rotation) const {
    int inflow = -1;
    int touching = 0;
    for_each_river_side(tile, rotation, [&](int side) {
        if (board_.tile_at(step(at, side)) >= 0) {
            ++touching;
            inflow = side;
        }
    });
    if (touching > 1) return "the river may not run into itself (it would touch two river ends)";
    const RiverEnd* end = nullptr;
    if (touching == 1)
        for (const auto& e : river_ends_)
            if (e.at == step(at, inflow) && e.side == opposite_side(inflow)) end = &e;
    if (!end) return "a river tile must continue an open end of the river";
    const int flow = opposite_side(inflow);
    const char* reason = nullptr;
    for_each_river_side(tile, rotation, [&](int side) {
        const int turn = turn_of(flow, side);
        if (side == inflow || turn == 0 || turn != end->last_turn) return;
        reason = turn == right_turn ? "the river may not turn right twice in a row"
                                    : "the river may not turn left twice in a row";
    });
    return reason;
}

void State::init_river_ends() {
    for (int i = 0; i < board_.size(); ++i)
        if (game_->is_river(board_.tile(i).type)) update_river_ends(i);
}

// The river tile just laid closes the end it continues and opens one end per other arm, each
// remembering its branch's last turn. A tile touching no river (the spring) only opens ends.
void State::update_river_ends(int placed_index) {
    const auto& placed = board_.tile(placed_index);
    const auto& tile = board_.type_of(placed_index);
    int inflow = -1;
    for_each_river_side(tile, placed.rotation, [&](int side) {
        if (board_.tile_at(step(placed.at, side)) >= 0) inflow = side;
    });
    std::uint8_t last_turn = 0;
    for (std::size_t i = 0; inflow >= 0 && i < river_ends_.size(); ++i) {
        const auto& e = river_ends_[i];
        if (e.at == step(placed.at, inflow) && e.side == opposite_side(inflow)) {
            last_turn = e.last_turn;
            river_ends_.erase_at(i);
            break;
        }
    }
    for_each_river_side(tile, placed.rotation, [&](int side) {
        if (side == inflow || river_ends_.full()) return;
        const int turn = inflow >= 0 ? turn_of(opposite_side(inflow), side) : 0;
        river_ends_.push_back(RiverEnd{placed.at, static_cast<std::uint8_t>(side),
                                       static_cast<std::uint8_t>(turn ? turn : last_turn)});
    });
}

// Policy for a river tile that fits nowhere (the rule book is silent; tiles-carcassonne.md
// section 5.1.4 suggests it): when another river tile still to come before the lake fits, the
// tile goes back under the river stack, above the lake, and the next one is drawn; otherwise
// it is discarded like any tile. Returns whether the tile at the top was set aside.
bool State::set_aside_river_tile(std::vector<Event>* events) {
    const int size = static_cast<int>(pile_.size());
    if (next_draw_ >= size) return false;
    const TileTypeId t = pile_[next_draw_];
    if (!game_->is_river(t) || fits_somewhere(t)) return false;
    int last = next_draw_;
    while (last + 1 < size && game_->is_river(pile_[last + 1])) ++last;
    const bool lake_last = game_->tiles().at(pile_[last]).flags & tile_flag_volcano;
    const int slot = lake_last ? last - 1 : last;  // where the tile goes back
    bool other_fits = false;
    for (int i = next_draw_ + 1; i <= slot && !other_fits; ++i)
        other_fits = fits_somewhere(pile_[i]);
    if (!other_fits) return false;
    for (int i = next_draw_; i < slot; ++i) pile_[i] = pile_[i + 1];
    pile_[slot] = t;
    emit(events, {.type = EventType::tile_set_aside, .player = turn_player_, .tile = t});
    return true;
}

}  // namespace carc
