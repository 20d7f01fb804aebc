#pragma once
// Game: the immutable configuration of one game (rule system, expansions, options, players)
// with everything derived from it once (the tile multiset, the setup, follower supply).

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/tiles.hpp"
#include "carc/types.hpp"

namespace carc {

class CastleBoard;
struct BoardMask;

enum class RuleSystem : std::uint8_t { carcassonne, castle };

struct Expansions {
    bool tower = false;        // The Tower
    bool river2 = false;       // Count King and Cult: River II
    bool count = false;        // Count King and Cult: City of Carcassonne and the Count
    bool king_robber = false;  // Count King and Cult: King and Robber Baron (+ its 5 land tiles)
    bool cult = false;         // Count King and Cult: shrines
    friend bool operator==(const Expansions&, const Expansions&) = default;
};

struct Options {
    // The Tower may be played in part (rule book): its tiles, its tower rules, or both.
    bool tower_tiles = true;
    bool tower_rules = true;
    // River II: the lake gives an extra turn with a land tile.
    bool lake_extra_turn = true;
    // City of Carcassonne at game end: only the market may redeploy (false: any quarter).
    bool count_market_only_at_end = true;
    // Whether the base start tile goes into the pile when River II or the City replaces it.
    bool alt_start_keeps_start_tile = false;
    // A quick game: only this many land tiles are drawn from the shuffled pile (0 = all).
    int pile_limit = 0;
    friend bool operator==(const Options&, const Options&) = default;
};

struct GameConfig {
    RuleSystem rules = RuleSystem::carcassonne;
    int players = 2;
    Expansions expansions;
    Options options;
    friend bool operator==(const GameConfig&, const GameConfig&) = default;
};

// A tile laid before the first turn (the start tile, the spring, the City's cells).
struct SetupTile {
    TileTypeId type = no_tile;
    Coord at;
    std::uint8_t rotation = 0;
};

class Game {
public:
    // Validates the configuration; on failure returns nullptr and sets `error`.
    static std::shared_ptr<const Game> create(const GameConfig& config, std::string* error);

    const GameConfig& config() const { return config_; }
    int players() const { return config_.players; }
    const TileCatalog& tiles() const { return *catalog_; }
    const std::vector<SetupTile>& setup() const { return setup_; }

    // Tiles shuffled into the draw pile, one entry per copy, in catalog order.
    const std::vector<TileTypeId>& pile() const { return pile_; }
    // River tiles come before the land pile: first the fixed ones, then the shuffled ones, then
    // the last one (River II: fork first, the lake last).
    const std::vector<TileTypeId>& river_first() const { return river_first_; }
    const std::vector<TileTypeId>& river_shuffled() const { return river_shuffled_; }
    const std::vector<TileTypeId>& river_last() const { return river_last_; }

    int followers_per_player() const { return followers_per_player_; }
    int tower_floors_per_player() const { return tower_floors_per_player_; }
    // The Castle: its walled board, and the cells tiles may occupy (null: unbounded board).
    const CastleBoard* castle_board() const { return castle_board_; }
    const BoardMask* board_mask() const;
    bool tower_rules() const { return config_.expansions.tower && config_.options.tower_rules; }
    // Whether tiles of that type carry a tower foundation (kept here: a hot rules query).
    bool has_foundation(TileTypeId type) const { return foundation_types_.test(type); }
    // Count King and Cult (game_ckc.cpp): River II's lake, and whether the Cult's placement
    // limits and challenge apply.
    bool lake_gives_extra_turn(TileTypeId type) const;
    bool cult_rules() const { return config_.expansions.cult; }
    // Tile kinds the extra placement rules look at, precomputed (hot in playouts).
    bool is_river(TileTypeId type) const { return river_types_.test(type); }
    bool is_cloister(TileTypeId type) const { return cloister_types_.test(type); }
    bool is_shrine(TileTypeId type) const { return shrine_types_.test(type); }

private:
    bool setup_castle(std::string* error);  // castle_setup.cpp
    void setup_city();                      // game_city.cpp: the City of Carcassonne
    void add_tower();
    void add_ckc();
    SetupTile spring_setup(TileTypeId spring) const;  // game_ckc.cpp  // game_ckc.cpp: River II's setup and river order, the King's and Cult's tiles

    GameConfig config_;
    const TileCatalog* catalog_ = nullptr;
    std::vector<SetupTile> setup_;
    std::vector<TileTypeId> pile_;
    std::vector<TileTypeId> river_first_, river_shuffled_, river_last_;
    int followers_per_player_ = 7;
    int tower_floors_per_player_ = 0;
    const CastleBoard* castle_board_ = nullptr;
    std::bitset<no_tile + 1> foundation_types_;
    std::bitset<no_tile + 1> river_types_, cloister_types_, shrine_types_;
};

std::string_view to_string(RuleSystem rules);

}  // namespace carc
