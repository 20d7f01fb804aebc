#pragma once
// Actions: every decision a player can take, as a small value. The action log of a game, with
// its configuration and seed (or fixed draw order), is the whole game: replaying it through
// State::apply rebuilds the same state bit for bit.

#include <cstdint>
#include <string>

#include "carc/types.hpp"

namespace carc {

enum class ActionType : std::uint8_t {
    place_tile,      // at, rotation: lay the drawn tile
    place_follower,  // segment: a follower from supply onto that segment of the tile just laid
    pass,            // decline the optional step at hand (no follower, no capture, ...)
    // The Tower
    add_floor,       // at: add a floor to the foundation or open tower there
    tower_follower,  // at: a follower from supply on top of the open tower there, closing it
    capture,         // target: index into State::followers() of the follower taken
    ransom,          // target: player holding one of the actor's followers; pays 3 points
    // Count King and Cult: the City of Carcassonne
    city_follower,   // quarter: a follower from supply into that quarter
    move_count,      // quarter: the Count moves there
    redeploy,        // quarter: one follower from the quarter onto the feature being scored
    market_move,     // segment, at: one follower from the market onto a field, at game end
    // The Castle
    choose_scoring,  // target: index of the pending scoring to make next; segment: the wall
                     // token (2, 3) that doubles it, or -1
    use_token,       // target: the wall token played (1: another turn)
};
inline constexpr int action_type_count = 13;

// The four quarters of the City of Carcassonne and what each feeds.
enum class Quarter : std::uint8_t { castle, blacksmith, cathedral, market };
inline constexpr int quarter_count = 4;

struct Action {
    ActionType type = ActionType::pass;
    std::uint8_t rotation = 0;    // quarter turns clockwise
    std::int8_t segment = -1;     // local segment index on a tile
    std::uint8_t quarter = 0;     // Quarter
    Coord at;
    std::int16_t target = -1;     // follower index or player, depending on type

    static Action place_tile(Coord at, int rotation) {
        Action a;
        a.type = ActionType::place_tile;
        a.at = at;
        a.rotation = static_cast<std::uint8_t>(rotation & 3);
        return a;
    }
    static Action place_follower(int segment) {
        Action a;
        a.type = ActionType::place_follower;
        a.segment = static_cast<std::int8_t>(segment);
        return a;
    }
    static Action pass() { return Action{}; }

    friend bool operator==(const Action&, const Action&) = default;
};

std::string_view to_string(ActionType type);
bool action_type_from_string(std::string_view text, ActionType& out);
std::string_view to_string(Quarter quarter);
bool quarter_from_string(std::string_view text, Quarter& out);

// A short human-readable description, for logs and error messages.
std::string describe(const Action& action);

// The canonical text of an action, every field in order: "TYPE X Y ROTATION SEGMENT QUARTER
// TARGET", e.g. "place_tile 1 0 3 -1 0 -1". Used by golden files and journals.
std::string encode(const Action& action);
bool decode(std::string_view text, Action& out);

}  // namespace carc
