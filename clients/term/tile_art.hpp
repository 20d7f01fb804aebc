#pragma once
// One tile as a 7x3 block of characters: roads and streets as | and =, rivers ~, cities #,
// fields ., cloisters M, shrines S, tower foundations T (with their height after it: T3), The
// Castle's houses ^,
// towers % and courtyards , ; pennants * and markets $. Each character also remembers which
// segment it shows, so followers and choices can be drawn on their segment.

#include <array>
#include <cstdint>

#include "styled_text.hpp"
#include "tile_book.hpp"

namespace carc::term {

inline constexpr int tile_width = 7;
inline constexpr int tile_height = 3;
inline constexpr int tile_cells = tile_width * tile_height;

struct TileArt {
    std::array<Cell, tile_cells> cells{};
    std::array<std::int8_t, tile_cells> owner{};  // segment index per character, -1: none
    Cell& at(int row, int col) { return cells[static_cast<std::size_t>(row * tile_width + col)]; }
    const Cell& at(int row, int col) const {
        return cells[static_cast<std::size_t>(row * tile_width + col)];
    }
};

TileArt draw_tile(const TileInfo& tile, int rotation, int tower_height);

// Where to draw a marker (follower, option letter) for `segment`: an index into cells, -1 if
// the segment shows nowhere. Tower tops (segment -2) sit left of the tower, the mark of a new
// floor (segment -3) left of that; a whole tile's mark (-4) in its middle, a second one (-5)
// beside it.
int anchor_of(const TileArt& art, int segment);
inline constexpr int tower_top_segment = -2;
inline constexpr int tower_floor_segment = -3;
inline constexpr int tile_middle_segment = -4;
inline constexpr int tile_beside_segment = -5;

}  // namespace carc::term
