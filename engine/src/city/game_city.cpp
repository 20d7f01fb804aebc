// The City of Carcassonne at setup: its 12 cells replace the start tile (tiles-carcassonne.md
// §4.4: CO-1 at (-2,-1) ... CO-12 at (1,1), row-major, rotation 0; CO-7 at (0,0)).
#include "carc/game.hpp"

namespace carc {

void Game::setup_city() {
    constexpr int columns = 4, rows = 3;
    for (int row = 0; row < rows; ++row) {
        for (int column = 0; column < columns; ++column) {
            const std::string id = "CO-" + std::to_string(row * columns + column + 1);
            const TileType* cell = catalog_->find(id);
            setup_.push_back(SetupTile{cell->index,
                                       Coord{static_cast<std::int16_t>(column - 2),
                                             static_cast<std::int16_t>(row - 1)},
                                       0});
        }
    }
}

}  // namespace carc
