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
#include "carc/board.hpp"
#include "carc/castle.hpp"
#include "carc/city.hpp"
#include "carc/event.hpp"
#include "carc/game.hpp"
#include "carc/rng.hpp"
#include "carc/static_vector.hpp"
#include "carc/types.hpp"

namespace carc {

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
    choose_scoring,  // The Castle: the turn player picks which completed feature scores next
    extra_turn,      // The Castle: at the end of a turn, play wall token 1 (another turn) or pass
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

// River II: an open end of the river, the side of a laid tile where the water flows on, and
// the last turn the river took on the way there (0 none yet, 1 right, 3 left).
struct RiverEnd {
    Coord at;
    std::uint8_t side = 0;
    std::uint8_t last_turn = 0;
    friend bool operator==(const RiverEnd&, const RiverEnd&) = default;
};
inline constexpr int max_river_ends = 4;

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
    int id = -1;  // the same for every segment of one feature (until the board changes)
    // Every segment of it: the tile's cell and the segment's index on that tile.
    std::vector<std::pair<Coord, int>> segments;
    // What it would score now (complete during play, else as at the end); -1 when that depends
    // on more than the feature (The Castle's courtyards).
    int points = -1;
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
    const Board& board() const { return board_; }
    std::span<const PlacedTile> tiles() const { return board_.tiles(); }
    int tile_at(Coord at) const { return board_.tile_at(at); }  // index into tiles(), or -1
    std::span<const Follower> followers() const { return {followers_.data(), followers_.size()}; }
    const PlayerState& player(int p) const { return players_[p]; }
    int score(int p) const { return players_[p].score; }
    int tiles_left() const { return static_cast<int>(pile_.size()) - next_draw_; }
    // How many of each tile type are still face down (the multiset is public; the order is not).
    // With options.pile_limit the pile is a secret part of the box, so this counts the box's
    // tiles not drawn yet, some of which will never come.
    std::vector<int> remaining_tiles() const;
    // The order itself: hidden information, for the server's journal and tests only.
    std::vector<TileTypeId> hidden_pile_order() const;
    Coord follower_cell(const Follower& f) const;
    FeatureInfo feature_at(int placed_index, int segment) const;
    Quarter count_quarter() const { return static_cast<Quarter>(count_quarter_); }
    // The City of Carcassonne: features waiting for followers from the quarters.
    const CityState& city() const { return city_; }
    PlayerId king() const { return king_; }
    PlayerId robber() const { return robber_; }
    // River II: the river's open ends (the spring's and every branch's; none once it ended).
    std::span<const RiverEnd> river_ends() const { return {river_ends_.data(), river_ends_.size()}; }
    int turn_number() const { return turn_number_; }
    // The Tower: whether a follower may still go on top of (or a floor onto) that tile's
    // foundation, the tower that just grew (tower_capture phase, else -1), and whether the
    // turn player has paid a ransom this turn.
    bool tower_open(int placed_index) const;
    int growing_tower() const { return growing_tower_; }
    bool ransom_paid() const { return ransom_paid_; }

    // The Castle: keeps, face-up tokens, which towers still hold a token, pending scorings.
    const CastleState& castle() const { return castle_; }
    // The face-down tokens on the 13 corner towers (none once taken): hidden information, for
    // the server's journal and tests only.
    std::vector<WallToken> hidden_wall_tokens() const {
        return {castle_wall_.begin(), castle_wall_.end()};
    }

    // ---- chance and hidden information, for search (state_chance.cpp) ------------------
    // Everything below works from public information only (the tiles already drawn, the
    // tokens face up), never from the hidden order, so a bot may call it on the real state.
    //
    // The tile types the next draw can turn over, with their probabilities (summing to 1),
    // from the public multiset of tiles still face down; River II's river tiles come before
    // the land and keep their fixed first and last tiles. Empty when the pile is used up.
    struct DrawChance {
        TileTypeId tile = no_tile;
        int count = 0;        // copies of it among the candidates
        double probability = 0;
    };
    std::vector<DrawChance> next_draw_chances() const;
    // Makes `tile` the next tile turned over (it must have a non-zero chance above): a search
    // that resolves a chance node applies the outcome it chose.
    void set_next_draw(TileTypeId tile);
    // Replaces the hidden part (the order of the face-down tiles and, in The Castle, the
    // face-down wall tokens) by a sample drawn with `rng` from what is public. The result
    // depends only on public information and the rng, never on the replaced order.
    void determinize(Rng& rng);
    // Each player's score if the game ended now: incomplete features, fields and the other
    // final scorings counted on a copy (end-of-game choices take their first option).
    std::array<int, max_players> scores_if_ended() const;

    // A 64-bit digest of everything that matters to the rules (not the Game pointer).
    std::uint64_t hash() const;

private:
    explicit State(const Game& game);
    void lay_setup();
    void begin_turn(PlayerId player, std::vector<Event>* events);
    void draw_next(std::vector<Event>* events);
    std::optional<RuleError> check_placement(const Action& a) const;
    std::optional<RuleError> check_follower(const Action& a) const;
    void apply_place_tile(const Action& a, std::vector<Event>* events);
    void apply_place_follower(const Action& a, std::vector<Event>* events);

    void after_follower_step(std::vector<Event>* events);
    void score_completed(std::vector<Event>* events);
    // The features the tile just laid completed, in scoring order: its roads and cities (each
    // once), then the cloisters and shrines it surrounded; `occupied_only` skips empty ones.
    void collect_completed(StaticVector<PendingFeature, max_pending_features>& out,
                           bool occupied_only) const;
    // The incomplete features holding followers, in the order their followers stand.
    void collect_incomplete(StaticVector<PendingFeature, max_pending_features>& out) const;
    void score_pending(const PendingFeature& p, bool final, std::vector<Event>* events);
    void finish_game(std::vector<Event>* events);  // farms, then game over
    void score_feature(int root, bool final, std::vector<Event>* events);
    void score_cloister(int placed_index, int segment, bool final, std::vector<Event>* events);
    void return_followers_of(int root, std::vector<Event>* events);
    void end_turn(std::vector<Event>* events, bool same_player = false);
    void final_scoring(std::vector<Event>* events);
    void score_farms(std::vector<Event>* events);
    // The completed cities a field touches, the City of Carcassonne counted as one.
    int farm_cities(int field_root, bool* city_included = nullptr) const;
    std::array<int, max_players> followers_on(int root) const;

    // The rule modules (engine/src/<module>/): each expansion is a struct of static functions
    // that State's turn flow calls and that reads and changes the State as a friend.
    friend struct TowerRules;       // The Tower (tower/)
    friend struct RiverRules;       // River II (river/)
    friend struct CultRules;        // the Cult (cult/)
    friend struct KingRobberRules;  // King and Robber Baron (king_robber/)
    friend struct CityRules;        // the City of Carcassonne with the Count (city/)
    friend struct CastleRules;      // The Castle (castle/)

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
    StaticVector<RiverEnd, max_river_ends> river_ends_;
    std::int16_t growing_tower_ = -1;  // The Tower: placed index of the tower that just grew
    bool ransom_paid_ = false;         // The Tower: once per turn
    std::array<PlayerState, max_players> players_{};
    Board board_;
    StaticVector<Follower, max_board_followers> followers_;
    StaticVector<TileTypeId, max_pile> pile_;
    CastleState castle_;
    std::array<WallToken, castle_token_slots> castle_wall_{};  // hidden until taken
    CityState city_;
};

}  // namespace carc
