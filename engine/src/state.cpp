// State: the board, features (union-find over tile segments), open cells, turn flow.
#include "carc/state.hpp"

#include <algorithm>
#include <bit>

#include "carc/rng.hpp"

namespace carc {
namespace {

constexpr PortMask middle_ports = 0b010'010'010'010;

// Kinds whose open ends are counted (they complete when none is left).
bool closes(FeatureKind kind) {
    return kind == FeatureKind::road || kind == FeatureKind::city || kind == FeatureKind::river ||
           kind == FeatureKind::street;
}

bool can_hold_follower(FeatureKind kind) {
    return kind != FeatureKind::river && kind != FeatureKind::foundation;
}

RuleError error(RuleErrorCode code, std::string message) { return RuleError{code, std::move(message)}; }

std::string cell_text(Coord c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

}  // namespace

State::State(const Game& game) : game_(&game) {
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

    std::vector<TileTypeId> order(game.river_first());
    order.insert(order.end(), river.begin(), river.end());
    order.insert(order.end(), game.river_last().begin(), game.river_last().end());
    order.insert(order.end(), land.begin(), land.end());
    return start_with_order(game, order);
}

State State::start_with_order(const Game& game, std::span<const TileTypeId> order) {
    State s(game);
    s.lay_setup();
    for (auto t : order) s.pile_.push_back(t);
    s.begin_turn(0, nullptr);
    return s;
}

void State::lay_setup() {
    for (const auto& t : game_->setup()) place_tile(t.type, t.at, t.rotation, true);
}

// ---- board lookups -----------------------------------------------------------------------

std::uint16_t State::cell_slot(Coord at) const {
    const auto key = static_cast<std::uint32_t>(static_cast<std::uint16_t>(at.x)) * 0x9E3779B1u ^
                     static_cast<std::uint32_t>(static_cast<std::uint16_t>(at.y)) * 0x85EBCA77u;
    auto slot = static_cast<std::uint16_t>((key >> 16) & (cells_.size() - 1));
    while (cells_[slot] != 0 && !(placed_[cells_[slot] - 1].at == at))
        slot = static_cast<std::uint16_t>((slot + 1) & (cells_.size() - 1));
    return slot;
}

int State::tile_at(Coord at) const {
    const int v = cells_[cell_slot(at)];
    return v - 1;
}

int State::placed_index_of_cell(Coord at) const { return tile_at(at); }

const SegmentDef& State::def(int segment) const {
    const auto& tile = placed_[nodes_[segment].tile];
    return game_->tiles().at(tile.type).segments[segment - tile.segment_base];
}

int State::find(int segment) const {
    while (nodes_[segment].parent != segment) segment = nodes_[segment].parent;
    return segment;
}

void State::unite(int a, int b) {
    int ra = find(a);
    int rb = find(b);
    if (ra == rb) return;
    if (nodes_[ra].rank < nodes_[rb].rank) std::swap(ra, rb);
    if (nodes_[ra].rank == nodes_[rb].rank) ++nodes_[ra].rank;
    nodes_[rb].parent = static_cast<std::uint16_t>(ra);
    nodes_[ra].open = static_cast<std::int16_t>(nodes_[ra].open + nodes_[rb].open);
    nodes_[ra].followers = static_cast<std::uint8_t>(nodes_[ra].followers + nodes_[rb].followers);
    std::swap(nodes_[ra].next, nodes_[rb].next);  // splice the two member rings
}

// ---- laying a tile -----------------------------------------------------------------------

void State::add_open_constraint(Coord at, int side_from_cell, EdgeType type) {
    OpenCell* cell = nullptr;
    for (auto& c : open_cells_) {
        if (c.at == at) {
            cell = &c;
            break;
        }
    }
    if (!cell) {
        open_cells_.push_back(OpenCell{at, 0, 0});
        cell = &open_cells_.back();
    }
    const int shift = 2 * side_from_cell;
    cell->mask = static_cast<std::uint8_t>(cell->mask | (3u << shift));
    cell->required = static_cast<std::uint8_t>(cell->required | (static_cast<unsigned>(type) << shift));
}

void State::place_tile(TileTypeId type, Coord at, int rotation, bool preset) {
    const auto& tile = game_->tiles().at(type);
    const auto index = static_cast<std::uint8_t>(placed_.size());
    const auto base = static_cast<std::uint16_t>(nodes_.size());
    placed_.push_back(PlacedTile{type, static_cast<std::uint8_t>(rotation), 0,
                                 static_cast<std::uint8_t>(preset ? 1 : 0), at, base});
    cells_[cell_slot(at)] = static_cast<std::uint8_t>(index + 1);

    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        const auto& seg = tile.segments[i];
        SegmentNode node;
        node.parent = node.next = static_cast<std::uint16_t>(base + i);
        node.tile = index;
        if (closes(seg.kind)) node.open = static_cast<std::int16_t>(std::popcount(
                                  static_cast<unsigned>(seg.ports & middle_ports)));
        nodes_.push_back(node);
    }

    for (std::size_t i = 0; i < open_cells_.size(); ++i) {
        if (open_cells_[i].at == at) {
            open_cells_.swap_remove(i);
            break;
        }
    }

    const auto& ports = tile.port_segment[rotation];
    for (int side = 0; side < 4; ++side) {
        const Coord next = step(at, side);
        const int neighbour = tile_at(next);
        if (neighbour < 0) {
            add_open_constraint(next, opposite_side(side), tile.edge(rotation, side));
            continue;
        }
        const auto& other = placed_[neighbour];
        const auto& other_ports = game_->tiles().at(other.type).port_segment[other.rotation];
        for (int part = 0; part < 3; ++part) {
            const int port = side * 3 + part;
            const int mine = ports[port];
            const int theirs = other_ports[facing_port(port)];
            if (mine < 0 || theirs < 0) continue;
            const int a = base + mine;
            const int b = other.segment_base + theirs;
            if (kind(a) != kind(b)) continue;
            unite(a, b);
            if (part == static_cast<int>(PortPart::middle) && closes(kind(a))) {
                auto& root = nodes_[find(a)];
                root.open = static_cast<std::int16_t>(root.open - 2);
            }
        }
    }
}

// ---- legality ----------------------------------------------------------------------------

bool State::fits(TileTypeId type, const OpenCell& cell, int rotation) const {
    return (game_->tiles().at(type).signature[rotation] & cell.mask) == cell.required;
}

bool State::fits_somewhere(TileTypeId type) const {
    for (const auto& cell : open_cells_)
        for (int rot = 0; rot < 4; ++rot)
            if (fits(type, cell, rot)) return true;
    return false;
}

void State::legal_placements(std::vector<Action>& out) const {
    if (phase_ != Phase::place_tile) return;
    for (const auto& cell : open_cells_)
        for (int rot = 0; rot < 4; ++rot)
            if (fits(drawn_, cell, rot)) out.push_back(Action::place_tile(cell.at, rot));
}

void State::legal_actions(std::vector<Action>& out) const {
    out.clear();
    switch (phase_) {
        case Phase::place_tile:
            legal_placements(out);
            break;
        case Phase::place_follower: {
            const auto& placed = placed_[last_placed_];
            const auto& tile = game_->tiles().at(placed.type);
            if (players_[decider_].supply > 0) {
                for (std::size_t i = 0; i < tile.segments.size(); ++i) {
                    if (!can_hold_follower(tile.segments[i].kind)) continue;
                    if (nodes_[find(placed.segment_base + static_cast<int>(i))].followers) continue;
                    out.push_back(Action::place_follower(static_cast<int>(i)));
                }
            }
            out.push_back(Action::pass());
            break;
        }
        default:
            break;
    }
}

std::optional<RuleError> State::check_placement(const Action& a) const {
    if (tile_at(a.at) >= 0) return error(RuleErrorCode::cell_taken, "cell " + cell_text(a.at) + " already holds a tile");
    const OpenCell* cell = nullptr;
    for (const auto& c : open_cells_)
        if (c.at == a.at) cell = &c;
    if (!cell)
        return error(RuleErrorCode::not_adjacent,
                     "cell " + cell_text(a.at) + " does not touch a placed tile with a side");
    if (!fits(drawn_, *cell, a.rotation)) {
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
    return std::nullopt;
}

std::optional<RuleError> State::check_follower(const Action& a) const {
    const auto& placed = placed_[last_placed_];
    const auto& tile = game_->tiles().at(placed.type);
    if (a.segment < 0 || a.segment >= static_cast<int>(tile.segments.size()))
        return error(RuleErrorCode::bad_segment, "tile " + tile.id + " has no segment " +
                                                     std::to_string(a.segment));
    const auto kind = tile.segments[a.segment].kind;
    if (!can_hold_follower(kind))
        return error(RuleErrorCode::bad_segment,
                     "no follower may stand on a " + std::string(to_string(kind)));
    if (players_[decider_].supply == 0)
        return error(RuleErrorCode::no_follower_left, "no follower left in supply");
    if (nodes_[find(placed.segment_base + a.segment)].followers)
        return error(RuleErrorCode::feature_occupied,
                     "that " + std::string(to_string(kind)) + " already has a follower");
    return std::nullopt;
}

std::optional<RuleError> State::check(const Action& a) const {
    if (phase_ == Phase::game_over) return error(RuleErrorCode::game_over, "the game is over");
    switch (phase_) {
        case Phase::place_tile:
            if (a.type != ActionType::place_tile)
                return error(RuleErrorCode::wrong_phase, "the drawn tile must be placed first");
            return check_placement(a);
        case Phase::place_follower:
            if (a.type == ActionType::pass) return std::nullopt;
            if (a.type != ActionType::place_follower)
                return error(RuleErrorCode::wrong_phase,
                             "expected a follower placement or pass, not " +
                                 std::string(to_string(a.type)));
            return check_follower(a);
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
    next.legal_actions(out);
    return std::nullopt;
}

// ---- applying ----------------------------------------------------------------------------

std::optional<RuleError> State::apply(const Action& a, std::vector<Event>* events) {
    if (auto refused = check(a)) return refused;
    const PlayerId actor = decider_;
    switch (a.type) {
        case ActionType::place_tile: {
            place_tile(drawn_, a.at, a.rotation, false);
            last_placed_ = static_cast<std::int16_t>(placed_.size() - 1);
            if (events) {
                Event e;
                e.type = EventType::tile_placed;
                e.player = actor;
                e.tile = drawn_;
                e.at = a.at;
                e.rotation = a.rotation;
                events->push_back(std::move(e));
            }
            drawn_ = no_tile;
            phase_ = Phase::place_follower;
            break;
        }
        case ActionType::place_follower: {
            const auto& placed = placed_[last_placed_];
            const int segment = placed.segment_base + a.segment;
            followers_.push_back(Follower{actor, FollowerSpot::feature,
                                          static_cast<std::uint8_t>(last_placed_), a.segment, 0});
            --players_[actor].supply;
            ++nodes_[find(segment)].followers;
            if (events) {
                Event e;
                e.type = EventType::follower_placed;
                e.player = actor;
                e.at = placed.at;
                e.segment = a.segment;
                e.feature = kind(segment);
                events->push_back(std::move(e));
            }
            after_follower_step(events);
            break;
        }
        case ActionType::pass:
            after_follower_step(events);
            break;
        default:
            break;
    }
    return std::nullopt;
}

void State::after_follower_step(std::vector<Event>* events) {
    score_completed(events);
    end_turn(events);
}

void State::end_turn(std::vector<Event>* events) {
    last_placed_ = -1;
    begin_turn(static_cast<PlayerId>((turn_player_ + 1) % game_->players()), events);
}

void State::begin_turn(PlayerId player, std::vector<Event>* events) {
    turn_player_ = decider_ = player;
    ++turn_number_;
    if (events) {
        Event e;
        e.type = EventType::turn_started;
        e.player = player;
        events->push_back(std::move(e));
    }
    draw_next(events);
}

void State::draw_next(std::vector<Event>* events) {
    while (next_draw_ < static_cast<int>(pile_.size())) {
        const TileTypeId t = pile_[next_draw_++];
        if (fits_somewhere(t)) {
            drawn_ = t;
            phase_ = Phase::place_tile;
            if (events) {
                Event e;
                e.type = EventType::tile_drawn;
                e.player = turn_player_;
                e.tile = t;
                events->push_back(std::move(e));
            }
            return;
        }
        if (events) {
            Event e;
            e.type = EventType::tile_discarded;
            e.player = turn_player_;
            e.tile = t;
            events->push_back(std::move(e));
        }
    }
    drawn_ = no_tile;
    final_scoring(events);
}

// ---- queries -----------------------------------------------------------------------------

std::vector<int> State::remaining_tiles() const {
    std::vector<int> counts(game_->tiles().size(), 0);
    for (int i = next_draw_; i < static_cast<int>(pile_.size()); ++i) ++counts[pile_[i]];
    return counts;
}

std::vector<TileTypeId> State::hidden_pile_order() const {
    return {pile_.begin() + next_draw_, pile_.end()};
}

Coord State::follower_cell(const Follower& f) const {
    if (f.spot == FollowerSpot::quarter) return Coord{0, 0};
    return placed_[f.tile].at;
}

std::uint64_t State::hash() const {
    std::uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&h](std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xFF;
            h *= 0x100000001b3ull;
        }
    };
    mix(static_cast<std::uint64_t>(phase_));
    mix(static_cast<std::uint64_t>(turn_player_) << 8 | static_cast<std::uint8_t>(decider_));
    mix(drawn_);
    mix(static_cast<std::uint64_t>(next_draw_));
    mix(count_quarter_);
    mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(king_)) << 8 |
        static_cast<std::uint8_t>(robber_));
    for (const auto& t : placed_)
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
    return h;
}

}  // namespace carc
