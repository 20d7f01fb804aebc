// The Castle's Game: its walled board, the starting spaces laid at setup, the 60-tile pile.
#include <stdexcept>

#include "carc/castle.hpp"
#include "carc/game.hpp"

namespace carc {

const BoardMask* Game::board_mask() const {
    return castle_board_ ? &castle_board_->mask() : nullptr;
}

bool Game::setup_castle(std::string* error) {
    if (config_.players != castle_players) {
        if (error) *error = "Carcassonne: The Castle is a game for exactly 2 players";
        return false;
    }
    const auto& ex = config_.expansions;
    if (ex.tower || ex.river2 || ex.count || ex.king_robber || ex.cult) {
        if (error) *error = "Carcassonne: The Castle takes no expansions";
        return false;
    }
    try {
        castle_board_ = &CastleBoard::instance();
    } catch (const std::invalid_argument& e) {
        if (error) *error = e.what();
        return false;
    }
    // The starting spaces are laid before the first turn, like a start tile: they count as
    // tiles for the features they carry.
    for (const auto& s : castle_board_->starts())
        setup_.push_back(SetupTile{s.type, s.at, s.rotation});
    for (const auto& t : catalog_->all())
        if (t.set == "castle")
            for (int i = 0; i < t.count; ++i) pile_.push_back(t.index);
    followers_per_player_ = castle_followers;
    return true;
}

}  // namespace carc
