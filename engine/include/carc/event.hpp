#pragma once
// Events: what an action caused, in order, for logs, animations and replay checks.

#include <cstdint>
#include <string>
#include <vector>

#include "carc/types.hpp"

namespace carc {

enum class EventType : std::uint8_t {
    turn_started,       // player: whose turn begins
    tile_drawn,         // player, tile
    tile_discarded,     // player, tile: it fitted nowhere
    tile_placed,        // player, tile, at, rotation
    follower_placed,    // player, at, segment, feature
    follower_returned,  // player, at, segment, feature
    feature_scored,     // feature, scorers, points (each scorer), tiles, detail; final = end scoring
    floor_added,        // The Tower: player, at, count = new height
    follower_captured,  // The Tower: player = captor, target_player = owner, at
    prisoners_exchanged,// The Tower: player and target_player got one follower each back
    ransom_paid,        // The Tower: player paid `points` to target_player
    count_moved,        // City of Carcassonne: quarter
    follower_moved,     // City of Carcassonne: player, from quarter onto at/segment, feature
    token_taken,        // King / Robber Baron changes hands: player, feature
    final_scoring,      // the end-of-game scoring begins
    game_over,          // scores final
    // The Castle
    wall_token_taken,   // player, count = token kind, at = the corner tower's wall cell
    wall_token_used,    // player, count = token kind, points (token 9)
    keep_placed,        // player, at = a cell of the house, count = its size in tiles
    keep_scored,        // scorers, points, count = empty spaces, tiles = the empty area
    // City of Carcassonne
    quarter_follower_placed,  // player, quarter: a follower from supply into that quarter
    // Count King and Cult
    tile_set_aside,     // River II: player, tile: a river tile that fit nowhere goes back
                        // under the river stack (above the lake)
    token_scored,       // King / Robber Baron at game end: player, feature, count, points
};

struct Event {
    EventType type = EventType::turn_started;
    PlayerId player = no_player;
    PlayerId target_player = no_player;
    TileTypeId tile = no_tile;
    Coord at{};
    std::uint8_t rotation = 0;
    std::int8_t segment = -1;
    std::uint8_t quarter = 0;
    FeatureKind feature = FeatureKind::field;
    bool final = false;          // part of the end-of-game scoring
    bool completed = false;      // the scored feature was complete
    int points = 0;              // points each scorer received
    int count = 0;               // tiles of a scored feature, cities of a farm, tower height ...
    // Empty initialisers let code name only the fields it sets (engine/src/emit.hpp).
    std::vector<PlayerId> scorers{};
    std::vector<Coord> tiles{};  // the tiles of a scored feature
    std::string detail{};        // breakdown, e.g. "3 tiles x 2 + 1 pennant x 2"
};

std::string_view to_string(EventType type);

}  // namespace carc
