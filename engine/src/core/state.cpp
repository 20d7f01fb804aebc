// State: the turn flow, legality checks and follower placement.
#include "carc/state.hpp"

#include <algorithm>
#include <bit>

#include "carc/rng.hpp"
#include "castle/castle_rules.hpp"
#include "city/city_rules.hpp"
#include "core/emit.hpp"
#include "core/hash_mix.hpp"
#include "core/placement_rules.hpp"
#include "river/river_rules.hpp"
#include "tower/tower_rules.hpp"

namespace carc {
namespace {

bool can_hold_follower(FeatureKind kind) {
    return kind != FeatureKind::river && kind != FeatureKind::foundation;
}

RuleError error(RuleErrorCode code, std::string message) { return RuleError{code, std::move(message)}; }

std::string cell_text(Coord c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

}  // namespace

State::State(const Game& game) : game_(&game), board_(game.tiles(), game.board_mask()) {
    for (int p = 0; p < game.players(); ++p) {
        players_[p].supply = static_cast<std::uint8_t>(game.followers_per_player());
        players_[p].floors = static_cast<std::uint8_t>(game.tower_floors_per_player());
    }
}

State State::start(const Game& game, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<TileTypeId> river(game.river_shuffled());
    rng.shuffle(std::span<TileTypeId>(river));
    std::vector<TileTypeId> land(game.pile());
    rng.shuffle(std::span<TileTypeId>(land));
    const int limit = game.config().options.pile_limit;
    if (limit > 0 && limit < static_cast<int>(land.size())) land.resize(static_cast<std::size_t>(limit));

    std::vector<TileTypeId> order(game.river_first());
    order.insert(order.end(), river.begin(), river.end());
    order.insert(order.end(), game.river_last().begin(), game.river_last().end());
    order.insert(order.end(), land.begin(), land.end());
    State s = start_with_order(game, order);
    if (CastleRules::active(s)) CastleRules::deal_wall_tokens(s, rng);
    return s;
}

State State::start_with_order(const Game& game, std::span<const TileTypeId> order) {
    State s(game);
    s.lay_setup();
    if (CastleRules::active(s)) {
        Rng fixed(0);  // a fixed deal; State::start deals from the game's seed instead
        CastleRules::deal_wall_tokens(s, fixed);
    }
    for (auto t : order) s.pile_.push_back(t);
    s.begin_turn(0, nullptr);
    return s;
}

void State::lay_setup() {
    for (const auto& t : game_->setup()) board_.place(t.type, t.at, t.rotation, true);
    RiverRules::init_ends(*this);
}

// ---- legality ----------------------------------------------------------------------------

void State::legal_placements(std::vector<Action>& out) const {
    if (phase_ != Phase::place_tile) return;
    if (PlacementRules::has_rules(*this, drawn_)) {  // River II, the Cult
        PlacementRules::placements(*this, drawn_, &out);
        return;
    }
    // The hot path of every playout. The four rotated signatures sit in one 32-bit word (byte r
    // = rotation r), so one cell is tested against all rotations at once: a rotation fits when
    // its byte of (signature & mask) ^ required is zero.
    const auto& sig = game_->tiles().at(drawn_).signature;
    const std::uint32_t signatures = sig[0] | sig[1] << 8 | sig[2] << 16 | std::uint32_t{sig[3]} << 24;
    constexpr std::uint32_t each_byte = 0x01010101u, low7 = 0x7f7f7f7fu, high = 0x80808080u;
    const auto cells = board_.open_cells();
    out.reserve(out.size() + 4 * cells.size());
    for (const auto& cell : cells) {
        const std::uint32_t diff = (signatures & (cell.mask * each_byte)) ^ (cell.required * each_byte);
        // High bit of each byte set where the byte is non-zero (exact, no carries across bytes).
        std::uint32_t fitting = ~(((diff & low7) + low7) | diff) & high;
        for (; fitting; fitting &= fitting - 1)
            out.push_back(Action::place_tile(cell.at, std::countr_zero(fitting) / 8));
    }
}

void State::legal_actions(std::vector<Action>& out) const {
    out.clear();
    if (CastleRules::active(*this)) return CastleRules::legal_actions(*this, out);
    if (CityRules::owns(phase_)) return CityRules::legal_actions(*this, out);
    switch (phase_) {
        case Phase::place_tile:
            legal_placements(out);
            break;
        case Phase::place_follower: {
            const auto& tile = board_.type_of(last_placed_);
            if (players_[decider_].supply > 0) {
                for (std::size_t i = 0; i < tile.segments.size(); ++i) {
                    if (!can_hold_follower(tile.segments[i].kind)) continue;
                    const int seg = board_.segment_id(last_placed_, static_cast<int>(i));
                    if (board_.followers(board_.find(seg))) continue;
                    out.push_back(Action::place_follower(static_cast<int>(i)));
                }
            }
            TowerRules::append_tower_actions(*this, out);
            out.push_back(Action::pass());
            break;
        }
        case Phase::tower_capture:
            TowerRules::append_captures(*this, out);
            break;
        default:
            break;
    }
    TowerRules::append_ransoms(*this, out);
}

std::optional<RuleError> State::check_placement(const Action& a) const {
    if (tile_at(a.at) >= 0) return error(RuleErrorCode::cell_taken, "cell " + cell_text(a.at) + " already holds a tile");
    const OpenCell* cell = board_.open_cell(a.at);
    if (!cell)
        return error(RuleErrorCode::not_adjacent,
                     "cell " + cell_text(a.at) + " does not touch a placed tile with a side");
    if (!board_.fits(drawn_, *cell, a.rotation)) {
        const auto& tile = game_->tiles().at(drawn_);
        std::string detail;
        for (int side = 0; side < 4; ++side) {
            const unsigned shift = 2u * side;
            if (!((cell->mask >> shift) & 3)) continue;
            const auto need = static_cast<EdgeType>((cell->required >> shift) & 3);
            if (tile.edge(a.rotation, side) != need) {
                static constexpr const char* side_names[] = {"north", "east", "south", "west"};
                static constexpr const char* type_names[] = {"field", "road", "city", "river"};
                if (!detail.empty()) detail += ", ";
                detail += std::string(side_names[side]) + " edge is " +
                          type_names[static_cast<int>(tile.edge(a.rotation, side))] + " but meets " +
                          type_names[static_cast<int>(need)];
            }
        }
        return error(RuleErrorCode::edges_mismatch,
                     tile.id + " does not fit at " + cell_text(a.at) + " rotated " +
                         std::to_string(a.rotation * 90) + ": " + detail);
    }
    if (PlacementRules::has_rules(*this, drawn_)) {
        if (const char* reason = PlacementRules::violation(*this, drawn_, a.at, a.rotation)) {
            const bool river = game_->is_river(drawn_);
            return error(river ? RuleErrorCode::river_rule : RuleErrorCode::not_allowed,
                         game_->tiles().at(drawn_).id + " at " + cell_text(a.at) + ": " + reason);
        }
    }
    return std::nullopt;
}

std::optional<RuleError> State::check_follower(const Action& a) const {
    const auto& tile = board_.type_of(last_placed_);
    if (a.segment < 0 || a.segment >= static_cast<int>(tile.segments.size()))
        return error(RuleErrorCode::bad_segment, "tile " + tile.id + " has no segment " +
                                                     std::to_string(a.segment));
    const auto kind = tile.segments[a.segment].kind;
    if (!can_hold_follower(kind))
        return error(RuleErrorCode::bad_segment,
                     "no follower may stand on a " + std::string(to_string(kind)));
    if (players_[decider_].supply == 0)
        return error(RuleErrorCode::no_follower_left, "no follower left in supply");
    if (board_.followers(board_.find(board_.segment_id(last_placed_, a.segment))))
        return error(RuleErrorCode::feature_occupied,
                     "that " + std::string(to_string(kind)) + " already has a follower");
    return std::nullopt;
}

std::optional<RuleError> State::check(const Action& a) const {
    if (phase_ == Phase::game_over) return error(RuleErrorCode::game_over, "the game is over");
    if (CastleRules::active(*this)) return CastleRules::check(*this, a);
    if (CityRules::owns(phase_)) return CityRules::check(*this, a);
    if (a.type == ActionType::ransom) return TowerRules::check_ransom(*this, a);
    switch (phase_) {
        case Phase::place_tile:
            if (a.type != ActionType::place_tile)
                return error(RuleErrorCode::wrong_phase, "the drawn tile must be placed first");
            return check_placement(a);
        case Phase::place_follower:
            if (a.type == ActionType::pass) return std::nullopt;
            if (a.type == ActionType::add_floor || a.type == ActionType::tower_follower)
                return TowerRules::check_tower_action(*this, a);
            if (a.type != ActionType::place_follower)
                return error(RuleErrorCode::wrong_phase,
                             "expected a follower placement or pass, not " +
                                 std::string(to_string(a.type)));
            return check_follower(a);
        case Phase::tower_capture:
            return TowerRules::check_capture_step(*this, a);
        default:
            return error(RuleErrorCode::wrong_phase, "nothing to decide in this phase");
    }
}

std::optional<RuleError> State::follower_options_after(const Action& placement,
                                                       std::vector<Action>& out) const {
    out.clear();
    if (placement.type != ActionType::place_tile)
        return error(RuleErrorCode::wrong_phase, "not a tile placement");
    State next = *this;
    if (auto refused = next.apply(placement)) return refused;
    // A placement that ends the turn by itself (River II's lake) leaves no follower choice.
    if (next.turn_number() == turn_number()) next.legal_actions(out);
    return std::nullopt;
}

// ---- applying ----------------------------------------------------------------------------

std::optional<RuleError> State::apply(const Action& a, std::vector<Event>* events) {
    if (auto refused = check(a)) return refused;
    if (CastleRules::active(*this)) {
        CastleRules::apply(*this, a, events);
        return std::nullopt;
    }
    if (CityRules::owns(phase_)) {
        CityRules::apply(*this, a, events);
        return std::nullopt;
    }
    switch (a.type) {
        case ActionType::place_tile:
            apply_place_tile(a, events);
            break;
        case ActionType::place_follower:
            apply_place_follower(a, events);
            after_follower_step(events);
            break;
        case ActionType::pass:
            after_follower_step(events);
            break;
        case ActionType::add_floor:
            if (!TowerRules::apply_add_floor(*this, a, events)) after_follower_step(events);  // nothing in reach
            break;
        case ActionType::tower_follower:
            TowerRules::apply_tower_follower(*this, a, events);
            after_follower_step(events);
            break;
        case ActionType::capture:
            TowerRules::apply_capture(*this, a, events);
            after_follower_step(events);
            break;
        case ActionType::ransom:
            TowerRules::apply_ransom(*this, a, events);
            break;
        default:
            break;
    }
    return std::nullopt;
}

void State::apply_place_tile(const Action& a, std::vector<Event>* events) {
    last_placed_ = static_cast<std::int16_t>(board_.place(drawn_, a.at, a.rotation, false));
    const TileTypeId placed = drawn_;
    if (game_->is_river(placed)) RiverRules::update_ends(*this, last_placed_);
    emit(events, {.type = EventType::tile_placed,
                  .player = decider_,
                  .tile = drawn_,
                  .at = a.at,
                  .rotation = a.rotation});
    drawn_ = no_tile;
    phase_ = Phase::place_follower;
    if (game_->lake_gives_extra_turn(placed)) {
        // River II: nothing may stand on the lake; its player goes on with a land tile.
        score_completed(events);
        end_turn(events, true);
    }
}

void State::apply_place_follower(const Action& a, std::vector<Event>* events) {
    const int segment = board_.segment_id(last_placed_, a.segment);
    followers_.push_back(Follower{decider_, FollowerSpot::feature,
                                  static_cast<std::uint8_t>(last_placed_), a.segment, 0});
    --players_[decider_].supply;
    board_.add_followers(board_.find(segment), 1);
    emit(events, {.type = EventType::follower_placed,
                  .player = decider_,
                  .at = board_.tile(last_placed_).at,
                  .segment = a.segment,
                  .feature = board_.kind(segment)});
}

void State::after_follower_step(std::vector<Event>* events) {
    if (CityRules::active(*this)) return CityRules::score_turn(*this, events);
    score_completed(events);
    end_turn(events);
}

void State::end_turn(std::vector<Event>* events, bool same_player) {
    last_placed_ = -1;
    growing_tower_ = -1;
    ransom_paid_ = false;
    begin_turn(same_player ? turn_player_
                           : static_cast<PlayerId>((turn_player_ + 1) % game_->players()),
               events);
}

void State::begin_turn(PlayerId player, std::vector<Event>* events) {
    turn_player_ = decider_ = player;
    ++turn_number_;
    emit(events, {.type = EventType::turn_started, .player = player});
    draw_next(events);
}

void State::draw_next(std::vector<Event>* events) {
    while (next_draw_ < static_cast<int>(pile_.size())) {
        if (RiverRules::set_aside_tile(*this, events)) continue;
        const TileTypeId t = pile_[next_draw_++];
        if (PlacementRules::fits_somewhere(*this, t)) {
            drawn_ = t;
            phase_ = Phase::place_tile;
            emit(events, {.type = EventType::tile_drawn, .player = turn_player_, .tile = t});
            return;
        }
        emit(events, {.type = EventType::tile_discarded, .player = turn_player_, .tile = t});
    }
    drawn_ = no_tile;
    final_scoring(events);
}

// ---- queries -----------------------------------------------------------------------------

std::vector<int> State::remaining_tiles() const {
    std::vector<int> counts(game_->tiles().size(), 0);
    const int limit = game_->config().options.pile_limit;
    if (limit <= 0 || limit >= static_cast<int>(game_->pile().size())) {
        for (int i = next_draw_; i < static_cast<int>(pile_.size()); ++i) ++counts[pile_[i]];
        return counts;
    }
    // A limited pile is a secret subset of the box: counting it would name the tiles to come.
    // What is public is the box less the tiles already drawn (placed or discarded).
    for (const auto* part : {&game_->river_first(), &game_->river_shuffled(), &game_->river_last(),
                             &game_->pile()})
        for (const TileTypeId t : *part) ++counts[t];
    for (int i = 0; i < next_draw_ && i < static_cast<int>(pile_.size()); ++i)
        if (counts[pile_[i]] > 0) --counts[pile_[i]];
    return counts;
}

std::vector<TileTypeId> State::hidden_pile_order() const {
    return {pile_.begin() + next_draw_, pile_.end()};
}

bool State::tower_open(int placed_index) const { return TowerRules::open(*this, placed_index); }

Coord State::follower_cell(const Follower& f) const {
    if (f.spot == FollowerSpot::quarter) return Coord{0, 0};
    return board_.tile(f.tile).at;
}

std::uint64_t State::hash() const {
    std::uint64_t h = fnv_offset_basis;
    auto mix = [&h](std::uint64_t v) { hash_mix(h, v); };
    mix(static_cast<std::uint64_t>(phase_));
    mix(static_cast<std::uint64_t>(turn_player_) << 8 | static_cast<std::uint8_t>(decider_));
    mix(drawn_);
    mix(static_cast<std::uint64_t>(next_draw_));
    mix(count_quarter_);
    mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(king_)) << 8 |
        static_cast<std::uint8_t>(robber_));
    if (game_->tower_rules())  // only then, so that base-game hashes stay as they were
        mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(growing_tower_)) << 8 | ransom_paid_);
    for (const auto& t : board_.tiles())
        mix(static_cast<std::uint64_t>(t.type) | static_cast<std::uint64_t>(t.rotation) << 8 |
            static_cast<std::uint64_t>(t.tower_height) << 16 |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(t.at.x)) << 32 |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(t.at.y)) << 48);
    for (const auto& f : followers_)
        mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(f.owner)) |
            static_cast<std::uint64_t>(f.spot) << 8 | static_cast<std::uint64_t>(f.tile) << 16 |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(f.segment)) << 24 |
            static_cast<std::uint64_t>(f.quarter) << 32);
    for (int p = 0; p < game_->players(); ++p) {
        const auto& ps = players_[p];
        mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(ps.score)) |
            static_cast<std::uint64_t>(ps.supply) << 32 | static_cast<std::uint64_t>(ps.floors) << 40);
        for (auto n : ps.prisoners) mix(n);
    }
    for (int i = next_draw_; i < static_cast<int>(pile_.size()); ++i) mix(pile_[i]);
    if (game_->config().expansions.king_robber)  // only then, like the Tower's fields above
        mix(static_cast<std::uint64_t>(king_size_) << 8 | robber_size_);
    for (const auto& end : river_ends_)
        mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(end.at.x)) |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(end.at.y)) << 16 |
            static_cast<std::uint64_t>(end.side) << 32 | static_cast<std::uint64_t>(end.last_turn) << 40);
    if (CastleRules::active(*this)) h = CastleRules::hash(*this, h);
    if (CityRules::active(*this)) h = CityRules::hash(*this, h);
    return h;
}

}  // namespace carc
