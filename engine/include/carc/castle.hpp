#pragma once
// Carcassonne: The Castle (Die Burg), the two-player game: its walled board with the 0-99
// scoring track, the wall tokens, and the Castle's public part of a State. The board and the
// tiles are data (engine/data/castle-board.txt, engine/data/castle.tiles; docs/castle.md).
// The rules live in engine/src/castle/.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carc/action.hpp"
#include "carc/board.hpp"
#include "carc/static_vector.hpp"
#include "carc/tiles.hpp"
#include "carc/types.hpp"

namespace carc {

class Game;
class State;

inline constexpr int castle_players = 2;
inline constexpr int castle_track_length = 100;
inline constexpr int castle_wall_cells = 50;  // two track numbers each
inline constexpr int castle_corner_towers = 14;
inline constexpr int castle_token_slots = 13;  // every corner tower but 0/1
inline constexpr int castle_start_spaces = 7;
inline constexpr int castle_interior_spaces = 76;
inline constexpr int castle_followers = 6;  // of 7: one is the score marker
inline constexpr int wall_tokens_per_kind = 2;

// The 9 wall token kinds, numbered as printed in the 2003 / Russian edition.
enum class WallToken : std::uint8_t {
    none = 0,
    extra_turn = 1,     // another full turn right after this one
    double_tower = 2,   // a tower completed this turn scores double
    double_house = 3,   // a house completed this turn scores double
    final_street = 4,   // final scoring: one incomplete street
    final_tower = 5,    // final scoring: one incomplete tower
    final_house = 6,    // final scoring: one incomplete house
    market_bonus = 7,   // final scoring: one courtyard scores 4 instead of 3 per market
    keep_bonus = 8,     // final scoring: the keep's house counts 2 tiles larger
    five_points = 9,    // final scoring: 5 points
};
inline constexpr int wall_token_kinds = 9;
std::string_view to_string(WallToken token);
bool wall_token_from_string(std::string_view text, WallToken& out);

// ---- the board ---------------------------------------------------------------------------

struct CastleWallCell {
    Coord at;
    std::uint8_t first_number = 0;  // the cell carries first_number and first_number + 1
    bool tower = false;             // a corner tower
    bool start = false;             // a starting space
};

struct CastleStartSpace {
    std::uint8_t first_number = 0;
    Coord at;             // its wall cell
    Coord faces;          // the one interior space it touches
    std::uint8_t rotation = 0;
    TileTypeId type = no_tile;  // its features, a castle-start tile whose inner edge is S
};

class CastleBoard {
public:
    // The board of engine/data/castle-board.txt, parsed and validated on first use.
    static const CastleBoard& instance();
    // Parses and validates board text against the catalog (starting-space features); throws
    // std::invalid_argument with a message naming the line or the broken fact.
    static CastleBoard parse(std::string_view text, const TileCatalog& tiles);

    const BoardMask& mask() const { return mask_; }
    bool inside(Coord at) const { return mask_.contains(at); }
    const std::vector<Coord>& interior() const { return interior_; }
    // The 50 wall cells in track order: wall()[k] carries 2k and 2k + 1.
    const std::vector<CastleWallCell>& wall() const { return wall_; }
    // The wall indices of the 13 corner towers that take a token, in track order.
    const std::vector<int>& token_towers() const { return token_towers_; }
    const std::vector<CastleStartSpace>& starts() const { return starts_; }
    // The token slot (index into token_towers()) at a track position 0..99, or -1.
    int token_slot_at(int position) const;

private:
    BoardMask mask_;
    std::vector<Coord> interior_;
    std::vector<CastleWallCell> wall_;
    std::vector<int> token_towers_;
    std::vector<CastleStartSpace> starts_;
};

// ---- the Castle's part of a State (all public information) --------------------------------

struct CastlePlayer {
    std::array<std::uint8_t, wall_token_kinds + 1> tokens{};  // face-up tokens held, by kind
    std::array<std::uint8_t, wall_token_kinds + 1> fresh{};   // of those, taken since this
                                                              // player's turn began: not usable yet
    std::uint8_t keep_size = 0;  // tiles of the keep's house; 0: no keep yet
    Coord keep_at;               // a cell of the keep's house
    int usable(WallToken t) const {
        return tokens[static_cast<int>(t)] - fresh[static_cast<int>(t)];
    }
    friend bool operator==(const CastlePlayer&, const CastlePlayer&) = default;
};

// A feature completed this turn that scores for someone, waiting for its turn in the order.
struct PendingScoring {
    std::int16_t root = -1;
    PlayerId owner = no_player;
    FeatureKind kind = FeatureKind::street;
    friend bool operator==(const PendingScoring&, const PendingScoring&) = default;
};

struct CastleState {
    std::uint16_t towers_with_token = 0;  // bit i: token slot i still holds a face-down token
    std::array<CastlePlayer, castle_players> players{};
    StaticVector<PendingScoring, 24> pending;   // scorings still to make this turn
    StaticVector<std::int16_t, 24> completed;   // roots completed this turn (followers return)
    bool extra_turn = false;                    // token 1 played: the same player goes again
    // Tokens played so far, by kind (public: every play is announced). Only determinization
    // reads it, so that a played token never goes back onto the wall; no rule depends on it,
    // so State::hash() leaves it out and the hashes of recorded games stay as they were.
    std::array<std::uint8_t, wall_token_kinds + 1> played{};
};

// A Castle game whose tiles come in exactly this order and whose 13 token slots hold exactly
// these tokens (none for an empty slot), for tests and scripted games.
State start_castle(const Game& game, std::span<const TileTypeId> order,
                   std::span<const WallToken> wall_tokens);

// The size of the largest group of side-connected empty interior spaces, and its cells.
int largest_empty_area(const Board& board, const CastleBoard& castle,
                       std::vector<Coord>* cells = nullptr);

// Actions of the Castle (docs/castle.md).
Action choose_scoring_action(int pending_index, WallToken doubling = WallToken::none);
Action use_token_action(WallToken token);

}  // namespace carc
