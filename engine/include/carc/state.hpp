#pragma once
// State: one game in progress, as a value. Copying is cheap (no heap; fixed-capacity arrays of
// which only the used part is copied), so search and "what if" queries simply copy it.
//
// A State says whose decision it is and of what kind (phase), lists the legal actions, and
// applies an action or refuses it with a reason, changing nothing on refusal. Chance (the tile
// draw) is resolved inside apply() from the pile shuffled at the start, so the action log plus
// the seed (or the fixed draw order) replays the game exactly.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "carc/action.hpp"
#include "carc/event.hpp"
#include "carc/game.hpp"
#include "carc/static_vector.hpp"
#include "carc/types.hpp"

namespace carc {

inline constexpr int max_placed_tiles = 160;
inline constexpr int max_board_segments = 640;
inline constexpr int max_open_cells = 336;
inline constexpr int max_board_followers = 64;
inline constexpr int max_pile = 160;

enum class Phase : std::uint8_t {
    place_tile,      // the decider lays the drawn tile
    place_follower,  // after laying: a follower, a tower action, or pass
    tower_capture,   // after adding a floor: capture one follower in reach, or pass
    city_follower,   // the City: the active player may put a follower into a quarter, or pass
    move_count,      // the City: after that, the Count may move, or pass
    redeploy,        // the City: the decider may move followers from a quarter onto a feature
    market_move,     // the City at game end: followers in the market go onto fields
    game_over,
};
std::string_view to_string(Phase phase);

enum class RuleErrorCode : std::uint8_t {
    game_over,
    wrong_phase,       // that kind of action is not what the game waits for
    cell_taken,
    not_adjacent,
    edges_mismatch,
    outside_board,
    river_rule,
    no_follower_left,
    bad_segment,
    feature_occupied,
    not_allowed,       // any other rule; the message says which
};
std::string_view to_string(RuleErrorCode code);

struct RuleError {
    RuleErrorCode code = RuleErrorCode::not_allowed;
    std::string message;
};

struct PlacedTile {
    TileTypeId type = no_tile;
    std::uint8_t rotation = 0;
    std::uint8_t tower_height = 0;  // The Tower: floors on this tile's foundation
    std::uint8_t preset = 0;        // laid at setup (start tile, spring, City cells)
    Coord at;
    std::uint16_t segment_base = 0;  // first board segment of this tile
    friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

enum class FollowerSpot : std::uint8_t {
    feature,  // on a segment of a placed tile
    tower,    // on top of a tower (The Tower), closing it
    quarter,  // in a quarter of the City of Carcassonne
};

struct Follower {
    PlayerId owner = no_player;
    FollowerSpot spot = FollowerSpot::feature;
    std::uint8_t tile = 0;     // placed tile index (feature, tower)
    std::int8_t segment = -1;  // local segment index on that tile (feature)
    std::uint8_t quarter = 0;  // Quarter (quarter)
    friend bool operator==(const Follower&, const Follower&) = default;
};

struct PlayerState {
    std::int32_t score = 0;
    std::uint8_t supply = 0;         // followers in hand
    std::uint8_t floors = 0;         // The Tower: floors in hand
    std::array<std::uint8_t, max_players> prisoners{};  // followers of player i this one holds
    friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

// A feature on the board as the rules see it, for views and tests.
struct FeatureInfo {
    FeatureKind kind = FeatureKind::field;
    bool complete = false;
    int tiles = 0;     // distinct tiles (for cloisters and shrines: the tile and its neighbours)
    int shields = 0;
    std::vector<Coord> cells;
    std::array<int, max_players> followers{};
};

class State {
public:
    // A new game, its pile shuffled by the engine's Rng from `seed`.
    static State start(const Game& game, std::uint64_t seed);
    // A new game whose tiles are drawn in exactly this order (tests, scripted games).
    static State start_with_order(const Game& game, std::span<const TileTypeId> order);

    // ---- whose decision, and what may be done -------------------------------------------
    const Game& game() const { return *game_; }
    Phase phase() const { return phase_; }
    bool is_over() const { return phase_ == Phase::game_over; }
    PlayerId turn_player() const { return turn_player_; }
    PlayerId decider() const { return decider_; }
    TileTypeId drawn_tile() const { return drawn_; }

    void legal_actions(std::vector<Action>& out) const;
    // Only the tile placements, or only the choices once `placement` is laid (for clients that
    // highlight follower spots before committing).
    void legal_placements(std::vector<Action>& out) const;
    std::optional<RuleError> follower_options_after(const Action& placement,
                                                    std::vector<Action>& out) const;
    std::optional<RuleError> check(const Action& action) const;

    // Applies the decider's action, appending what happened to `events` when given. On refusal
    // returns the reason and leaves the state unchanged.
    std::optional<RuleError> apply(const Action& action, std::vector<Event>* events = nullptr);

    // ---- what is on the table ----------------------------------------------------------
    std::span<const PlacedTile> board() const { return {placed_.data(), placed_.size()}; }
    int tile_at(Coord at) const;  // index into board(), or -1
    std::span<const Follower> followers() const { return {followers_.data(), followers_.size()}; }
    const PlayerState& player(int p) const { return players_[p]; }
    int score(int p) const { return players_[p].score; }
    int tiles_left() const { return static_cast<int>(pile_.size()) - next_draw_; }
    // How many of each tile type are still face down (the multiset is public; the order is not).
    std::vector<int> remaining_tiles() const;
    // The order itself: hidden information, for the server's journal and tests only.
    std::vector<TileTypeId> hidden_pile_order() const;
    Coord follower_cell(const Follower& f) const;
    FeatureInfo feature_at(int placed_index, int segment) const;
    Quarter count_quarter() const { return static_cast<Quarter>(count_quarter_); }
    PlayerId king() const { return king_; }
    PlayerId robber() const { return robber_; }
    int turn_number() const { return turn_number_; }

    // A 64-bit digest of everything that matters to the rules (not the Game pointer).
    std::uint64_t hash() const;

private:
    struct SegmentNode {
        std::uint16_t parent = 0;
        std::uint16_t next = 0;       // circular list of the feature's segments
        std::int16_t open = 0;        // open ends (valid at the root)
        std::uint8_t tile = 0;        // placed tile index
        std::uint8_t followers = 0;   // followers on the feature (valid at the root)
        std::uint8_t rank = 0;        // union by rank keeps the trees shallow
        friend bool operator==(const SegmentNode&, const SegmentNode&) = default;
    };
    struct OpenCell {
        Coord at;
        std::uint8_t mask = 0;      // which sides are constrained, 2 bits each
        std::uint8_t required = 0;  // the edge types they require
        friend bool operator==(const OpenCell&, const OpenCell&) = default;
    };

    explicit State(const Game& game);
    void lay_setup();
    void begin_turn(PlayerId player, std::vector<Event>* events);
    void draw_next(std::vector<Event>* events);
    bool fits_somewhere(TileTypeId type) const;
    bool fits(TileTypeId type, const OpenCell& cell, int rotation) const;
    std::optional<RuleError> check_placement(const Action& a) const;
    std::optional<RuleError> check_follower(const Action& a) const;

    void place_tile(TileTypeId type, Coord at, int rotation, bool preset);
    void add_open_constraint(Coord at, int side_from_cell, EdgeType type);
    int find(int segment) const;
    int find_compress(int segment);
    void unite(int a, int b);
    const SegmentDef& def(int segment) const;
    FeatureKind kind(int segment) const { return def(segment).kind; }
    int placed_index_of_cell(Coord at) const;
    std::uint16_t cell_slot(Coord at) const;

    void after_follower_step(std::vector<Event>* events);
    void score_completed(std::vector<Event>* events);
    void score_feature(int root, bool final, std::vector<Event>* events);
    void score_cloister(int placed_index, int segment, bool final, std::vector<Event>* events);
    int cloister_neighbours(Coord at) const;
    void return_followers_of(int root, std::vector<Event>* events);
    void end_turn(std::vector<Event>* events);
    void final_scoring(std::vector<Event>* events);
    void score_farms(std::vector<Event>* events);
    std::array<int, max_players> followers_on(int root) const;

    const Game* game_ = nullptr;
    Phase phase_ = Phase::place_tile;
    PlayerId turn_player_ = 0;
    PlayerId decider_ = 0;
    TileTypeId drawn_ = no_tile;
    std::int16_t last_placed_ = -1;   // placed index of the tile laid this turn
    std::int16_t next_draw_ = 0;
    std::int16_t turn_number_ = 0;
    std::uint8_t count_quarter_ = 0;
    PlayerId king_ = no_player;
    PlayerId robber_ = no_player;
    std::uint8_t king_size_ = 0;
    std::uint8_t robber_size_ = 0;
    std::array<PlayerState, max_players> players_{};
    StaticVector<PlacedTile, max_placed_tiles> placed_;
    StaticVector<SegmentNode, max_board_segments> nodes_;
    StaticVector<OpenCell, max_open_cells> open_cells_;
    StaticVector<Follower, max_board_followers> followers_;
    StaticVector<TileTypeId, max_pile> pile_;
    std::array<std::uint8_t, 512> cells_{};  // open-addressing: placed index + 1, 0 = empty
};

}  // namespace carc
