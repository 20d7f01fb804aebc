#pragma once
// The board as styled text: pure (no terminal), so tests compare it with golden files.
// Board cell (x, y) covers characters [(x - left) * 7, +7) x [(y - top) * 3, +3).

#include <vector>

#include "board_scene.hpp"
#include "styled_text.hpp"
#include "tile_book.hpp"

namespace carc::term {

struct Viewport {
    int left = 0;    // board x of the first column of cells
    int top = 0;     // board y of the first row of cells
    int width = 0;   // characters
    int height = 0;  // lines
};

std::vector<StyledLine> render_board(const BoardScene& scene, const TileBook& tiles,
                                     const Viewport& viewport);

// The smallest viewport (in whole cells) showing every tile, wall cell and legal cell, plus
// `margin` cells around it.
Viewport fit_viewport(const BoardScene& scene, int margin);

// Moves the viewport the least so that `cell` is visible.
Viewport follow(Viewport viewport, BoardCoord cell);

}  // namespace carc::term
