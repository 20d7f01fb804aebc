// Board: laying tiles, joining features, keeping the open cells.
#include "carc/board.hpp"

#include <bit>

namespace carc {
namespace {

constexpr PortMask middle_ports = 0b010'010'010'010;

// Kinds whose open ends are counted (they complete when none is left).
bool counts_open_ends(FeatureKind kind) {
    return kind == FeatureKind::road || kind == FeatureKind::city || kind == FeatureKind::river ||
           kind == FeatureKind::street;
}

// The Castle's towers and houses: every port counts as an open end, closed by whatever lies
// beyond it (another tile of any kind, a starting space or the wall).
bool closes_at_any_neighbour(FeatureKind kind) {
    return kind == FeatureKind::castle_tower || kind == FeatureKind::house;
}

}  // namespace

std::uint16_t Board::cell_slot(Coord at) const {
    const auto key = static_cast<std::uint32_t>(static_cast<std::uint16_t>(at.x)) * 0x9E3779B1u ^
                     static_cast<std::uint32_t>(static_cast<std::uint16_t>(at.y)) * 0x85EBCA77u;
    constexpr std::uint32_t mask = std::tuple_size_v<decltype(cells_)> - 1;
    auto slot = static_cast<std::uint16_t>((key >> 16) & mask);
    while (cells_[slot] != 0 && !(entry_coord(cells_[slot]) == at))
        slot = static_cast<std::uint16_t>((slot + 1) & mask);
    return slot;
}

int Board::neighbours8(Coord at) const {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if ((dx || dy) && tile_at(Coord{static_cast<std::int16_t>(at.x + dx),
                                            static_cast<std::int16_t>(at.y + dy)}) >= 0)
                ++n;
    return n;
}

const SegmentDef& Board::def(int segment) const {
    const auto& tile = placed_[nodes_[segment].tile];
    return catalog_->at(tile.type).segments[segment - tile.segment_base];
}

const OpenCell* Board::open_cell(Coord at) const {
    const auto entry = cells_[cell_slot(at)];
    return (entry & open_flag) ? &open_cells_[entry & ~open_flag] : nullptr;
}

bool Board::fits_somewhere(TileTypeId type) const {
    for (const auto& cell : open_cells_)
        for (int rot = 0; rot < 4; ++rot)
            if (fits(type, cell, rot)) return true;
    return false;
}

TileSet Board::feature_tiles(int root, int* shields) const {
    TileSet seen;
    int total = 0;
    for_each_segment(root, [&](int s) {
        seen.set(nodes_[s].tile);
        total += def(s).shields;
    });
    if (shields) *shields = total;
    return seen;
}

std::vector<Coord> Board::cells_of(const TileSet& tiles) const {
    std::vector<Coord> cells;
    for (int t = 0; t < size(); ++t)
        if (tiles.test(t)) cells.push_back(tile(t).at);
    return cells;
}

void Board::unite(int a, int b) {
    int ra = find(a);
    int rb = find(b);
    if (ra == rb) return;
    if (nodes_[ra].rank < nodes_[rb].rank) std::swap(ra, rb);
    if (nodes_[ra].rank == nodes_[rb].rank) ++nodes_[ra].rank;
    nodes_[rb].parent = static_cast<std::uint16_t>(ra);
    nodes_[ra].open = static_cast<std::int16_t>(nodes_[ra].open + nodes_[rb].open);
    nodes_[ra].followers = static_cast<std::uint8_t>(nodes_[ra].followers + nodes_[rb].followers);
    std::swap(nodes_[ra].next, nodes_[rb].next);  // splice the two rings into one
}

void Board::constrain_open_cell(Coord at, int side_from_cell, EdgeType type) {
    const auto slot = cell_slot(at);
    if (cells_[slot] == 0) {
        cells_[slot] = static_cast<std::uint16_t>(open_flag | open_cells_.size());
        open_cells_.push_back(OpenCell{at, 0, 0});
    }
    OpenCell* cell = &open_cells_[cells_[slot] & ~open_flag];
    const int shift = 2 * side_from_cell;
    cell->mask = static_cast<std::uint8_t>(cell->mask | (3u << shift));
    cell->required =
        static_cast<std::uint8_t>(cell->required | (static_cast<unsigned>(type) << shift));
}

// The open cell in `slot` is being covered: the last open cell moves into its place.
void Board::remove_open_cell(std::uint16_t slot) {
    const auto index = static_cast<std::size_t>(cells_[slot] & ~open_flag);
    const auto last_slot = cell_slot(open_cells_.back().at);
    open_cells_.swap_remove(index);
    if (index < open_cells_.size()) cells_[last_slot] = static_cast<std::uint16_t>(open_flag | index);
}

// The port `part` of a segment is closed (by a neighbour or the wall): one open end fewer.
void Board::close_port(int segment, int part) {
    const FeatureKind k = kind(segment);
    const bool counted = counts_open_ends(k) ? part == static_cast<int>(PortPart::middle)
                                             : closes_at_any_neighbour(k);
    if (!counted) return;
    auto& root = nodes_[find(segment)];
    root.open = static_cast<std::int16_t>(root.open - 1);
}

int Board::place(TileTypeId type, Coord at, int rotation, bool preset) {
    const auto& tile = catalog_->at(type);
    const auto index = static_cast<std::uint8_t>(placed_.size());
    const auto base = static_cast<std::uint16_t>(nodes_.size());
    placed_.push_back(PlacedTile{type, static_cast<std::uint8_t>(rotation), 0,
                                 static_cast<std::uint8_t>(preset ? 1 : 0), at, base});
    const auto slot = cell_slot(at);
    if (cells_[slot] & open_flag) remove_open_cell(slot);
    cells_[slot] = static_cast<std::uint16_t>(index + 1);

    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        const auto& seg = tile.segments[i];
        SegmentNode node;
        node.parent = node.next = static_cast<std::uint16_t>(base + i);
        node.tile = index;
        if (counts_open_ends(seg.kind))
            node.open = static_cast<std::int16_t>(
                std::popcount(static_cast<unsigned>(seg.ports & middle_ports)));
        else if (closes_at_any_neighbour(seg.kind))
            node.open = static_cast<std::int16_t>(std::popcount(static_cast<unsigned>(seg.ports)));
        nodes_.push_back(node);
    }

    const auto& ports = tile.port_segment[rotation];
    for (int side = 0; side < 4; ++side) {
        const Coord next = step(at, side);
        const int neighbour = tile_at(next);
        if (neighbour < 0 && is_wall(next)) {
            for (int part = 0; part < 3; ++part)
                if (ports[side * 3 + part] >= 0) close_port(base + ports[side * 3 + part], part);
            continue;
        }
        if (neighbour < 0) {
            constrain_open_cell(next, opposite_side(side), tile.edge(rotation, side));
            continue;
        }
        const auto& other = placed_[neighbour];
        const auto& other_ports = catalog_->at(other.type).port_segment[other.rotation];
        for (int part = 0; part < 3; ++part) {
            const int port = side * 3 + part;
            const int mine = ports[port];
            const int theirs = other_ports[facing_port(port)];
            // Towers and houses close against anything; streets only against streets (below).
            if (mine >= 0 && closes_at_any_neighbour(kind(base + mine))) close_port(base + mine, part);
            if (theirs >= 0 && closes_at_any_neighbour(kind(other.segment_base + theirs)))
                close_port(other.segment_base + theirs, 2 - part);
            if (mine < 0 || theirs < 0) continue;
            const int a = base + mine;
            const int b = other.segment_base + theirs;
            if (kind(a) != kind(b)) continue;
            unite(a, b);
            // Each matched edge midpoint closes one open end on either side.
            if (part == static_cast<int>(PortPart::middle) && counts_open_ends(kind(a))) {
                auto& root = nodes_[find(a)];
                root.open = static_cast<std::int16_t>(root.open - 2);
            }
        }
    }
    return index;
}

}  // namespace carc
