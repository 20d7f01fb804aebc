// Game::create: validates a configuration and derives the pile, the setup and the supplies.
#include "carc/game.hpp"

namespace carc {
namespace {

bool in_set(const TileType& t, std::string_view set) { return t.set == set; }

}  // namespace

std::shared_ptr<const Game> Game::create(const GameConfig& config, std::string* error) {
    auto fail = [&](std::string message) -> std::shared_ptr<const Game> {
        if (error) *error = std::move(message);
        return nullptr;
    };
    const auto& catalog = TileCatalog::instance();
    const auto& ex = config.expansions;
    auto game = std::shared_ptr<Game>(new Game());
    game->config_ = config;
    game->catalog_ = &catalog;

    if (config.rules == RuleSystem::castle) {
        std::string castle_error;
        if (!game->setup_castle(&castle_error)) return fail(castle_error);
        return game;
    }
    const int max = ex.tower ? 6 : 5;
    if (config.players < 2 || config.players > max)
        return fail("Carcassonne takes 2 to " + std::to_string(max) + " players" +
                    (ex.tower ? "" : " (6 with The Tower)"));
    const TileType* start = catalog.find("B-D");
    // The City of Carcassonne and River II's spring replace the start tile, which then stays in
    // the box unless the options put it into the pile (game_city.cpp lays the City,
    // game_ckc.cpp the spring).
    bool start_taken = (ex.count || ex.river2) && config.options.alt_start_keeps_start_tile;
    if (ex.count) game->setup_city();
    else if (!ex.river2) game->setup_.push_back(SetupTile{start->index, Coord{0, 0}, 0});
    for (const auto& t : catalog.all()) {
        if (!in_set(t, "base")) continue;
        int copies = t.count;
        if (t.index == start->index && !start_taken) {
            --copies;  // the start tile is on the table (or in the box), not in the pile
            start_taken = true;
        }
        for (int i = 0; i < copies; ++i) game->pile_.push_back(t.index);
    }
    game->add_tower();
    game->add_ckc();
    game->followers_per_player_ = 7;
    return game;
}

// The Tower, whole or in part: its tiles join the land pile, its rules bring the floors.
void Game::add_tower() {
    for (const auto& t : catalog_->all())
        if (t.has(FeatureKind::foundation)) foundation_types_.set(t.index);
    if (!config_.expansions.tower) return;
    if (config_.options.tower_tiles) {
        for (const auto& t : catalog_->all())
            if (in_set(t, "tower"))
                for (int i = 0; i < t.count; ++i) pile_.push_back(t.index);
    }
    // Floors per player by player count (rule book): 2: 10, 3: 9, 4: 7, 5: 6, 6: 5.
    static constexpr int floors_by_players[max_players + 1] = {0, 0, 10, 9, 7, 6, 5};
    if (config_.options.tower_rules) tower_floors_per_player_ = floors_by_players[config_.players];
}

}  // namespace carc
