#pragma once
// Board: laid tiles and the features they form. Each tile segment is a node of a union-find;
// segments joined across tile edges share a root that keeps the feature's open ends and its
// follower count, and a ring through all its segments. The open cells (empty cells touching a
// tile) are kept with the edge types they require, which makes listing legal placements cheap.
// Everything is in fixed-capacity arrays so that copying a Board is a plain, heap-free copy.

#include <array>
#include <bitset>
#include <cstdint>
#include <span>

#include "carc/static_vector.hpp"
#include "carc/tiles.hpp"
#include "carc/types.hpp"

namespace carc {

inline constexpr int max_placed_tiles = 160;
inline constexpr int max_board_segments = 640;
inline constexpr int max_open_cells = 336;

struct PlacedTile {
    TileTypeId type = no_tile;
    std::uint8_t rotation = 0;
    std::uint8_t tower_height = 0;  // The Tower: floors on this tile's foundation
    std::uint8_t preset = 0;        // laid at setup (start tile, spring, City cells)
    Coord at;
    std::uint16_t segment_base = 0;  // first board segment of this tile
    friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

// An empty cell next to the laid tiles and what its sides must match.
struct OpenCell {
    Coord at;
    std::uint8_t mask = 0;      // constrained sides, 2 bits each (N at bits 0-1)
    std::uint8_t required = 0;  // the EdgeType each constrained side requires
    friend bool operator==(const OpenCell&, const OpenCell&) = default;
};

using TileSet = std::bitset<max_placed_tiles>;

// The cells tiles may occupy on a bounded board (The Castle's interior). An empty cell outside
// the mask is wall: it never becomes an open cell, and the street ends and the tower and house
// sides facing it are closed.
struct BoardMask {
    static constexpr int max_side = 32;
    std::bitset<max_side * max_side> cells;  // cell (x, y) at bit y * max_side + x
    bool contains(Coord at) const {
        return at.x >= 0 && at.y >= 0 && at.x < max_side && at.y < max_side &&
               cells.test(static_cast<std::size_t>(at.y * max_side + at.x));
    }
    void add(Coord at) { cells.set(static_cast<std::size_t>(at.y * max_side + at.x)); }
};

class Board {
public:
    // `mask`, when given, bounds the board (it must outlive the Board, like the catalog).
    explicit Board(const TileCatalog& catalog, const BoardMask* mask = nullptr)
        : catalog_(&catalog), mask_(mask) {}

    // Lays a tile (legality is the caller's business) and joins its segments to the
    // neighbours'. Returns the placed index.
    int place(TileTypeId type, Coord at, int rotation, bool preset);

    // ---- cells ------------------------------------------------------------------------
    int size() const { return static_cast<int>(placed_.size()); }
    const PlacedTile& tile(int index) const { return placed_[index]; }
    PlacedTile& tile(int index) { return placed_[index]; }
    std::span<const PlacedTile> tiles() const { return {placed_.data(), placed_.size()}; }
    int tile_at(Coord at) const {  // -1: empty
        const auto entry = cells_[cell_slot(at)];
        return (entry & open_flag) ? -1 : entry - 1;
    }
    const TileType& type_of(int index) const { return catalog_->at(placed_[index].type); }
    int neighbours8(Coord at) const;  // laid tiles among the 8 surrounding cells

    // ---- placement ----------------------------------------------------------------------
    std::span<const OpenCell> open_cells() const { return {open_cells_.data(), open_cells_.size()}; }
    const OpenCell* open_cell(Coord at) const;
    bool fits(TileTypeId type, const OpenCell& cell, int rotation) const {
        return (catalog_->at(type).signature[rotation] & cell.mask) == cell.required;
    }
    bool fits_somewhere(TileTypeId type) const;

    // ---- features -----------------------------------------------------------------------
    int segment_id(int placed_index, int local) const {
        return placed_[placed_index].segment_base + local;
    }
    int find(int segment) const {
        while (nodes_[segment].parent != segment) segment = nodes_[segment].parent;
        return segment;
    }
    const SegmentDef& def(int segment) const;
    FeatureKind kind(int segment) const { return def(segment).kind; }
    int tile_of(int segment) const { return nodes_[segment].tile; }
    int open_ends(int root) const { return nodes_[root].open; }
    bool complete(int root) const { return nodes_[root].open == 0; }
    int followers(int root) const { return nodes_[root].followers; }
    void add_followers(int root, int delta) {
        nodes_[root].followers = static_cast<std::uint8_t>(nodes_[root].followers + delta);
    }
    // Calls fn(segment) for every segment of the feature rooted at `root`.
    template <typename Fn>
    void for_each_segment(int root, Fn&& fn) const {
        int member = root;
        do {
            fn(member);
            member = nodes_[member].next;
        } while (member != root);
    }
    // The distinct tiles of a feature (a tile crossed twice counts once) and its shields.
    TileSet feature_tiles(int root, int* shields = nullptr) const;
    // The cells of those tiles in placement order (a scored feature's event `tiles`).
    std::vector<Coord> cells_of(const TileSet& tiles) const;

    friend bool operator==(const Board& a, const Board& b) {
        return a.placed_ == b.placed_ && a.nodes_ == b.nodes_;
    }

private:
    struct SegmentNode {
        std::uint16_t parent = 0;
        std::uint16_t next = 0;      // ring of the feature's segments
        std::int16_t open = 0;       // open ends (valid at the root)
        std::uint8_t tile = 0;       // placed tile index
        std::uint8_t followers = 0;  // followers on the feature (valid at the root)
        std::uint8_t rank = 0;       // union by rank keeps the trees shallow
        friend bool operator==(const SegmentNode&, const SegmentNode&) = default;
    };

    // The cell hash maps a coordinate to what is there: a laid tile or an open cell.
    static constexpr std::uint16_t open_flag = 0x8000;
    std::uint16_t cell_slot(Coord at) const;
    Coord entry_coord(std::uint16_t entry) const {
        return (entry & open_flag) ? open_cells_[entry & ~open_flag].at : placed_[entry - 1].at;
    }
    void remove_open_cell(std::uint16_t slot);
    void unite(int a, int b);
    void constrain_open_cell(Coord at, int side_from_cell, EdgeType type);
    bool is_wall(Coord at) const { return mask_ && !mask_->contains(at); }
    void close_port(int segment, int part);

    const TileCatalog* catalog_;
    const BoardMask* mask_ = nullptr;
    StaticVector<PlacedTile, max_placed_tiles> placed_;
    StaticVector<SegmentNode, max_board_segments> nodes_;
    StaticVector<OpenCell, max_open_cells> open_cells_;
    // Open addressing over every laid tile and open cell (at most 160 + 336 < 512), so both are
    // found in O(1): 0 = empty slot, open_flag | i = open_cells_[i], otherwise placed index + 1.
    // An open cell's slot turns into its tile's when the tile is laid: nothing is ever deleted.
    std::array<std::uint16_t, 512> cells_{};
};

}  // namespace carc
