// Scoring: completed features during play, and the end-of-game scoring.
#include <algorithm>
#include <bit>

#include "carc/state.hpp"
#include "castle/castle_rules.hpp"
#include "city/city_rules.hpp"
#include "core/emit.hpp"
#include "core/majority.hpp"
#include "cult/cult_rules.hpp"
#include "king_robber/king_robber_rules.hpp"

namespace carc {
namespace {

bool is_monastic(FeatureKind kind) {
    return kind == FeatureKind::cloister || kind == FeatureKind::shrine;
}

// Points for a road or city: complete during play, or incomplete at the end.
int feature_points(FeatureKind kind, int tiles, int shields, bool complete, std::string& detail) {
    const int per_tile = (kind == FeatureKind::city && complete) ? 2 : 1;
    const int per_shield = kind == FeatureKind::city ? per_tile : 0;
    detail = std::to_string(tiles) + (tiles == 1 ? " tile" : " tiles") + " x " +
             std::to_string(per_tile);
    if (shields && per_shield)
        detail += " + " + std::to_string(shields) + (shields == 1 ? " pennant" : " pennants") +
                  " x " + std::to_string(per_shield);
    return tiles * per_tile + shields * per_shield;
}

}  // namespace

std::array<int, max_players> State::followers_on(int root) const {
    std::array<int, max_players> counts{};
    for (const auto& f : followers_) {
        if (f.spot != FollowerSpot::feature) continue;
        if (board_.find(board_.segment_id(f.tile, f.segment)) == root) ++counts[f.owner];
    }
    return counts;
}

FeatureInfo State::feature_at(int placed_index, int segment) const {
    FeatureInfo info;
    const int gid = board_.segment_id(placed_index, segment);
    info.kind = board_.kind(gid);
    const Coord at = board_.tile(placed_index).at;
    if (is_monastic(info.kind)) {
        const int around = board_.neighbours8(at);
        info.complete = around == 8;
        info.tiles = around + 1;
        info.cells.push_back(at);
        info.id = gid;
        info.segments.emplace_back(at, segment);
        info.points = info.tiles;
        for (const auto& f : followers_)
            if (f.spot == FollowerSpot::feature && f.tile == placed_index && f.segment == segment)
                ++info.followers[f.owner];
        return info;
    }
    const int root = board_.find(gid);
    info.complete = info.kind != FeatureKind::field && board_.complete(root);
    const TileSet tiles = board_.feature_tiles(root, &info.shields);
    for (int t = 0; t < board_.size(); ++t)
        if (tiles.test(t)) info.cells.push_back(board_.tile(t).at);
    info.tiles = static_cast<int>(info.cells.size());
    info.followers = followers_on(root);
    info.id = root;
    board_.for_each_segment(root, [&](int member) {
        const int t = board_.tile_of(member);
        info.segments.emplace_back(board_.tile(t).at, member - board_.tile(t).segment_base);
    });
    std::string detail;
    switch (info.kind) {
        case FeatureKind::road:
        case FeatureKind::city:
            info.points = feature_points(info.kind, info.tiles, info.shields, info.complete, detail);
            break;
        case FeatureKind::field: info.points = 3 * farm_cities(root); break;
        case FeatureKind::street:
        case FeatureKind::castle_tower:
        case FeatureKind::house: info.points = CastleRules::feature_points(*this, root, detail); break;
        // 3 per market at the end (a wall token may raise one court to 4: not counted here).
        case FeatureKind::courtyard: info.points = 3 * info.shields; break;
        default: break;
    }
    return info;
}

void State::return_followers_of(int root, std::vector<Event>* events) {
    for (std::size_t i = 0; i < followers_.size();) {
        const auto f = followers_[i];
        if (f.spot == FollowerSpot::feature &&
            board_.find(board_.segment_id(f.tile, f.segment)) == root) {
            ++players_[f.owner].supply;
            emit(events, {.type = EventType::follower_returned,
                          .player = f.owner,
                          .at = board_.tile(f.tile).at,
                          .segment = f.segment,
                          .feature = board_.kind(root)});
            followers_.erase_at(i);
        } else {
            ++i;
        }
    }
    board_.add_followers(root, -board_.followers(root));
}

void State::score_feature(int root, bool final, std::vector<Event>* events) {
    const auto counts = followers_on(root);
    const auto winners = majority(counts, game_->players());
    if (winners.empty()) return;
    const FeatureKind k = board_.kind(root);
    int shields = 0;
    const TileSet seen = board_.feature_tiles(root, &shields);
    const int tiles = static_cast<int>(seen.count());
    const bool complete = board_.complete(root);
    std::string detail;
    const int points = feature_points(k, tiles, shields, complete, detail);
    for (auto p : winners) players_[p].score += points;
    if (events)
        emit(events, {.type = EventType::feature_scored,
                      .feature = k,
                      .final = final,
                      .completed = complete,
                      .points = points,
                      .count = tiles,
                      .scorers = winners,
                      .tiles = board_.cells_of(seen),
                      .detail = std::move(detail)});
}

void State::score_cloister(int placed_index, int segment, bool final, std::vector<Event>* events) {
    std::array<int, max_players> counts{};
    for (const auto& f : followers_)
        if (f.spot == FollowerSpot::feature && f.tile == placed_index && f.segment == segment)
            ++counts[f.owner];
    const auto winners = majority(counts, game_->players());
    if (winners.empty()) return;
    const Coord at = board_.tile(placed_index).at;
    const int around = board_.neighbours8(at);
    const int points = around + 1;
    for (auto p : winners) players_[p].score += points;
    if (!events) return;
    std::vector<Coord> cells;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const Coord c{static_cast<std::int16_t>(at.x + dx), static_cast<std::int16_t>(at.y + dy)};
            if (tile_at(c) >= 0) cells.push_back(c);
        }
    emit(events, {.type = EventType::feature_scored,
                  .feature = board_.kind(board_.segment_id(placed_index, segment)),
                  .final = final,
                  .completed = around == 8,
                  .points = points,
                  .count = points,
                  .scorers = winners,
                  .tiles = std::move(cells),
                  .detail = "1 + " + std::to_string(around) + " surrounding tiles"});
}

void State::collect_completed(StaticVector<PendingFeature, max_pending_features>& out,
                              bool occupied_only) const {
    out.clear();
    const auto& placed = board_.tile(last_placed_);
    const auto& tile = board_.type_of(last_placed_);
    // Roads and cities of the new tile (each feature once, even if it crosses the tile twice).
    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        const auto k = tile.segments[i].kind;
        if (k != FeatureKind::road && k != FeatureKind::city) continue;
        const int root = board_.find(placed.segment_base + static_cast<int>(i));
        if (!board_.complete(root) || (occupied_only && board_.followers(root) == 0)) continue;
        if (std::any_of(out.begin(), out.end(), [&](const PendingFeature& p) { return p.root == root; }))
            continue;
        out.push_back(PendingFeature{static_cast<std::int16_t>(root),
                                     static_cast<std::uint8_t>(last_placed_),
                                     static_cast<std::int8_t>(i)});
    }
    // Cloisters and shrines on the new tile or around it that are now surrounded.
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            const Coord c{static_cast<std::int16_t>(placed.at.x + dx),
                          static_cast<std::int16_t>(placed.at.y + dy)};
            const int index = board_.tile_at(c);
            if (index < 0) continue;
            const auto& type = board_.type_of(index);
            if (!type.has(FeatureKind::cloister) && !type.has(FeatureKind::shrine)) continue;
            for (std::size_t s = 0; s < type.segments.size(); ++s) {
                if (!is_monastic(type.segments[s].kind)) continue;
                const int gid = board_.tile(index).segment_base + static_cast<int>(s);
                if ((occupied_only && board_.followers(gid) == 0) || board_.neighbours8(c) != 8)
                    continue;
                out.push_back(PendingFeature{static_cast<std::int16_t>(gid),
                                             static_cast<std::uint8_t>(index),
                                             static_cast<std::int8_t>(s)});
            }
        }
    }
}

void State::collect_incomplete(StaticVector<PendingFeature, max_pending_features>& out) const {
    out.clear();
    for (const auto& f : followers_) {
        if (f.spot != FollowerSpot::feature) continue;
        const int gid = board_.segment_id(f.tile, f.segment);
        if (board_.kind(gid) == FeatureKind::field) continue;
        const int root = board_.find(gid);
        if (std::any_of(out.begin(), out.end(), [&](const PendingFeature& p) { return p.root == root; }))
            continue;
        out.push_back(PendingFeature{static_cast<std::int16_t>(root), f.tile, f.segment});
    }
}

// Scores one feature and sends its followers home (nothing happens to an empty one).
void State::score_pending(const PendingFeature& p, bool final, std::vector<Event>* events) {
    if (board_.followers(p.root) == 0) return;
    if (!is_monastic(board_.kind(p.root))) {
        score_feature(p.root, final, events);
        return_followers_of(p.root, events);
        return;
    }
    score_cloister(p.tile, p.segment, final, events);
    // The Cult: completed first, it wins the challenge against its occupied neighbour (at the
    // end, unresolved pairs score as incomplete, with no challenge).
    if (!final) CultRules::resolve_challenge(*this, p.tile, p.segment, events);
    return_followers_of(p.root, events);
}

void State::score_completed(std::vector<Event>* events) {
    StaticVector<PendingFeature, max_pending_features> done;
    collect_completed(done, true);
    for (const auto& p : done) score_pending(p, false, events);
    KingRobberRules::update(*this, events);
}

void State::final_scoring(std::vector<Event>* events) {
    if (CastleRules::active(*this)) return CastleRules::final_scoring(*this, events);
    emit(events, {.type = EventType::final_scoring});
    if (CityRules::active(*this)) return CityRules::begin_final(*this, events);
    // Incomplete roads, cities, cloisters and shrines, in the order their followers stand.
    StaticVector<PendingFeature, max_pending_features> incomplete;
    collect_incomplete(incomplete);
    for (const auto& p : incomplete) score_pending(p, true, events);
    finish_game(events);
}

void State::finish_game(std::vector<Event>* events) {
    score_farms(events);
    KingRobberRules::score(*this, events);
    phase_ = Phase::game_over;
    decider_ = no_player;
    emit(events, {.type = EventType::game_over});
}

void State::score_farms(std::vector<Event>* events) {
    std::vector<int> scored_roots;
    for (const auto& f : followers_) {
        if (f.spot != FollowerSpot::feature) continue;
        const int gid = board_.segment_id(f.tile, f.segment);
        if (board_.kind(gid) != FeatureKind::field) continue;
        const int root = board_.find(gid);
        if (std::find(scored_roots.begin(), scored_roots.end(), root) != scored_roots.end()) continue;
        scored_roots.push_back(root);

        const auto winners = majority(followers_on(root), game_->players());
        bool city_bonus = false;
        const int city_count = farm_cities(root, &city_bonus);
        const int points = 3 * city_count;
        for (auto p : winners) players_[p].score += points;
        if (events)
            emit(events, {.type = EventType::feature_scored,
                          .feature = FeatureKind::field,
                          .final = true,
                          .points = points,
                          .count = city_count,
                          .scorers = winners,
                          .tiles = board_.cells_of(board_.feature_tiles(root)),
                          .detail = std::to_string(city_count) + " completed " +
                                    (city_count == 1 ? "city" : "cities") + " x 3" +
                                    (city_bonus ? " (the City of Carcassonne included)" : "")});
    }
}

int State::farm_cities(int field_root, bool* city_included) const {
    std::vector<int> cities;
    board_.for_each_segment(field_root, [&](int member) {
        const int tile = board_.tile_of(member);
        for (unsigned bits = board_.def(member).touches; bits; bits &= bits - 1) {
            const int city = board_.find(board_.segment_id(tile, std::countr_zero(bits)));
            if (board_.complete(city) && std::find(cities.begin(), cities.end(), city) == cities.end())
                cities.push_back(city);
        }
    });
    const int bonus = CityRules::active(*this) ? CityRules::farm_bonus(*this, field_root) : 0;
    if (city_included) *city_included = bonus > 0;
    return static_cast<int>(cities.size()) + bonus;
}

}  // namespace carc
