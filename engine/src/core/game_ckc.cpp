// Game: Count King and Cult's parts other than the City (docs/ckc.md). River II lays the
// spring as the start tile and orders its tiles before the land pile; King and Robber Baron
// brings 5 land tiles; the Cult its 5 shrine tiles.
#include "carc/game.hpp"

namespace carc {
namespace {

// River II's tiles with a fixed place in the river (tiles-carcassonne.md section 4.3).
constexpr std::string_view spring_id = "R2-01";
constexpr std::string_view fork_id = "R2-02";
constexpr std::string_view lake_id = "R2-03";

}  // namespace

void Game::add_ckc() {
    const auto& ex = config_.expansions;
    for (const auto& t : catalog_->all()) {
        if (t.has(FeatureKind::river)) river_types_.set(t.index);
        if (t.has(FeatureKind::cloister)) cloister_types_.set(t.index);
        if (t.has(FeatureKind::shrine)) shrine_types_.set(t.index);
        if (ex.king_robber && t.set == "king")
            for (int i = 0; i < t.count; ++i) pile_.push_back(t.index);
        if (ex.cult && t.set == "ckc")
            for (int i = 0; i < t.count; ++i) pile_.push_back(t.index);
    }
    if (!ex.river2) return;
    // The spring is the start tile; the fork comes first, the lake last, the rest shuffled.
    for (const auto& t : catalog_->all()) {
        if (t.set != "river2") continue;
        if (t.id == spring_id)
            setup_.push_back(spring_setup(t.index));
        else if (t.id == fork_id)
            river_first_.push_back(t.index);
        else if (t.id == lake_id)
            river_last_.push_back(t.index);
        else
            for (int i = 0; i < t.count; ++i) river_shuffled_.push_back(t.index);
    }
}

// The spring is the start tile at (0,0). With the City of Carcassonne also on (the publisher
// advises against it; docs/ckc.md) the City is the start and the spring lies west of it, its
// field side against the City's field belt, so the river flows away to the west.
SetupTile Game::spring_setup(TileTypeId spring) const {
    if (config_.expansions.count) return SetupTile{spring, Coord{-3, 0}, 2};
    return SetupTile{spring, Coord{0, 0}, 0};
}

bool Game::lake_gives_extra_turn(TileTypeId type) const {
    return config_.expansions.river2 && config_.options.lake_extra_turn &&
           (catalog_->at(type).flags & tile_flag_volcano);
}

}  // namespace carc
