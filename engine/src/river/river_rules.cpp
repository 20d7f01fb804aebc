// River II (docs/ckc.md): where a river tile may go, the river's open ends, and what happens
// to a river tile that fits nowhere (core/placement_rules.cpp asks here for the flow).
#include "river/river_rules.hpp"

#include "core/emit.hpp"
#include "core/placement_rules.hpp"

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

// Edge matching already keeps river edges against river edges. On top of that the tile must
// continue exactly one open end (touching two would close a loop) and may not turn the same
// way as the river's last turn on that branch.
const char* RiverRules::violation(const State& s, const TileType& tile, Coord at, int rotation) {
    int inflow = -1;
    int touching = 0;
    for_each_river_side(tile, rotation, [&](int side) {
        if (s.board_.tile_at(step(at, side)) >= 0) {
            ++touching;
            inflow = side;
        }
    });
    if (touching > 1) return "the river may not run into itself (it would touch two river ends)";
    const RiverEnd* end = nullptr;
    if (touching == 1)
        for (const auto& e : s.river_ends_)
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

void RiverRules::init_ends(State& s) {
    for (int i = 0; i < s.board_.size(); ++i)
        if (s.game_->is_river(s.board_.tile(i).type)) update_ends(s, i);
}

// The river tile just laid closes the end it continues and opens one end per other arm, each
// remembering its branch's last turn. A tile touching no river (the spring) only opens ends.
void RiverRules::update_ends(State& s, int placed_index) {
    const auto& placed = s.board_.tile(placed_index);
    const auto& tile = s.board_.type_of(placed_index);
    int inflow = -1;
    for_each_river_side(tile, placed.rotation, [&](int side) {
        if (s.board_.tile_at(step(placed.at, side)) >= 0) inflow = side;
    });
    std::uint8_t last_turn = 0;
    for (std::size_t i = 0; inflow >= 0 && i < s.river_ends_.size(); ++i) {
        const auto& e = s.river_ends_[i];
        if (e.at == step(placed.at, inflow) && e.side == opposite_side(inflow)) {
            last_turn = e.last_turn;
            s.river_ends_.erase_at(i);
            break;
        }
    }
    for_each_river_side(tile, placed.rotation, [&](int side) {
        if (side == inflow || s.river_ends_.full()) return;
        const int turn = inflow >= 0 ? turn_of(opposite_side(inflow), side) : 0;
        s.river_ends_.push_back(RiverEnd{placed.at, static_cast<std::uint8_t>(side),
                                       static_cast<std::uint8_t>(turn ? turn : last_turn)});
    });
}

// Policy for a river tile that fits nowhere (the rule book is silent; tiles-carcassonne.md
// section 5.1.4 suggests it): when another river tile still to come before the lake fits, the
// tile goes back under the river stack, above the lake, and the next one is drawn; otherwise
// it is discarded like any tile. Returns whether the tile at the top was set aside.
bool RiverRules::set_aside_tile(State& s, std::vector<Event>* events) {
    const int size = static_cast<int>(s.pile_.size());
    if (s.next_draw_ >= size) return false;
    const TileTypeId t = s.pile_[s.next_draw_];
    if (!s.game_->is_river(t) || PlacementRules::fits_somewhere(s, t)) return false;
    int last = s.next_draw_;
    while (last + 1 < size && s.game_->is_river(s.pile_[last + 1])) ++last;
    const bool lake_last = s.game_->tiles().at(s.pile_[last]).flags & tile_flag_volcano;
    const int slot = lake_last ? last - 1 : last;  // where the tile goes back
    bool other_fits = false;
    for (int i = s.next_draw_ + 1; i <= slot && !other_fits; ++i)
        other_fits = PlacementRules::fits_somewhere(s, s.pile_[i]);
    if (!other_fits) return false;
    for (int i = s.next_draw_; i < slot; ++i) s.pile_[i] = s.pile_[i + 1];
    s.pile_[slot] = t;
    emit(events, {.type = EventType::tile_set_aside, .player = s.turn_player_, .tile = t});
    return true;
}

}  // namespace carc
