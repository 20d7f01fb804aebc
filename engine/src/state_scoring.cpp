// Scoring: completed features during play, and the end-of-game scoring.
#include <algorithm>
#include <bitset>

#include "carc/state.hpp"

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
        if (find(placed_[f.tile].segment_base + f.segment) == root) ++counts[f.owner];
    }
    return counts;
}

// Every player with the most followers (at least one) on the feature.
static std::vector<PlayerId> majority(const std::array<int, max_players>& counts, int players) {
    const int best = *std::max_element(counts.begin(), counts.begin() + players);
    std::vector<PlayerId> winners;
    if (best == 0) return winners;
    for (int p = 0; p < players; ++p)
        if (counts[p] == best) winners.push_back(static_cast<PlayerId>(p));
    return winners;
}

FeatureInfo State::feature_at(int placed_index, int segment) const {
    FeatureInfo info;
    const auto& placed = placed_[placed_index];
    const int gid = placed.segment_base + segment;
    info.kind = kind(gid);
    if (is_monastic(info.kind)) {
        const int around = cloister_neighbours(placed.at);
        info.complete = around == 8;
        info.tiles = around + 1;
        info.cells.push_back(placed.at);
        for (const auto& f : followers_)
            if (f.spot == FollowerSpot::feature && f.tile == placed_index && f.segment == segment)
                ++info.followers[f.owner];
        return info;
    }
    const int root = find(gid);
    info.complete = nodes_[root].open == 0 && info.kind != FeatureKind::field;
    std::bitset<max_placed_tiles> seen;
    int member = root;
    do {
        const int tile = nodes_[member].tile;
        if (!seen.test(tile)) {
            seen.set(tile);
            info.cells.push_back(placed_[tile].at);
        }
        info.shields += def(member).shields;
        member = nodes_[member].next;
    } while (member != root);
    info.tiles = static_cast<int>(info.cells.size());
    info.followers = followers_on(root);
    return info;
}

int State::cloister_neighbours(Coord at) const {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if ((dx || dy) && tile_at(Coord{static_cast<std::int16_t>(at.x + dx),
                                            static_cast<std::int16_t>(at.y + dy)}) >= 0)
                ++n;
    return n;
}

void State::return_followers_of(int root, std::vector<Event>* events) {
    for (std::size_t i = 0; i < followers_.size();) {
        const auto f = followers_[i];
        if (f.spot == FollowerSpot::feature &&
            find(placed_[f.tile].segment_base + f.segment) == root) {
            ++players_[f.owner].supply;
            if (events) {
                Event e;
                e.type = EventType::follower_returned;
                e.player = f.owner;
                e.at = placed_[f.tile].at;
                e.segment = f.segment;
                e.feature = kind(root);
                events->push_back(std::move(e));
            }
            followers_.erase_at(i);
        } else {
            ++i;
        }
    }
    nodes_[root].followers = 0;
}

void State::score_feature(int root, bool final, std::vector<Event>* events) {
    const auto counts = followers_on(root);
    const auto winners = majority(counts, game_->players());
    if (winners.empty()) return;
    const FeatureKind k = kind(root);
    std::bitset<max_placed_tiles> seen;
    int tiles = 0;
    int shields = 0;
    int member = root;
    do {
        const int tile = nodes_[member].tile;
        if (!seen.test(tile)) {
            seen.set(tile);
            ++tiles;
        }
        shields += def(member).shields;
        member = nodes_[member].next;
    } while (member != root);
    const bool complete = nodes_[root].open == 0;
    std::string detail;
    const int points = feature_points(k, tiles, shields, complete, detail);
    for (auto p : winners) players_[p].score += points;
    if (events) {
        Event e;
        e.type = EventType::feature_scored;
        e.feature = k;
        e.final = final;
        e.completed = complete;
        e.points = points;
        e.count = tiles;
        e.scorers = winners;
        e.detail = std::move(detail);
        for (int t = 0; t < static_cast<int>(placed_.size()); ++t)
            if (seen.test(t)) e.tiles.push_back(placed_[t].at);
        events->push_back(std::move(e));
    }
}

void State::score_cloister(int placed_index, int segment, bool final, std::vector<Event>* events) {
    std::array<int, max_players> counts{};
    for (const auto& f : followers_)
        if (f.spot == FollowerSpot::feature && f.tile == placed_index && f.segment == segment)
            ++counts[f.owner];
    const auto winners = majority(counts, game_->players());
    if (winners.empty()) return;
    const Coord at = placed_[placed_index].at;
    const int around = cloister_neighbours(at);
    const int points = around + 1;
    for (auto p : winners) players_[p].score += points;
    if (events) {
        Event e;
        e.type = EventType::feature_scored;
        e.feature = kind(placed_[placed_index].segment_base + segment);
        e.final = final;
        e.completed = around == 8;
        e.points = points;
        e.count = points;
        e.scorers = winners;
        e.detail = "1 + " + std::to_string(around) + " surrounding tiles";
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const Coord c{static_cast<std::int16_t>(at.x + dx), static_cast<std::int16_t>(at.y + dy)};
                if (tile_at(c) >= 0) e.tiles.push_back(c);
            }
        events->push_back(std::move(e));
    }
}

void State::score_completed(std::vector<Event>* events) {
    const auto& placed = placed_[last_placed_];
    const auto& tile = game_->tiles().at(placed.type);
    // Roads and cities of the new tile (each feature once, even if it crosses the tile twice).
    int done[max_segments_per_tile];
    int done_count = 0;
    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        const auto k = tile.segments[i].kind;
        if (k != FeatureKind::road && k != FeatureKind::city) continue;
        const int root = find(placed.segment_base + static_cast<int>(i));
        if (nodes_[root].open != 0) continue;
        if (std::find(done, done + done_count, root) != done + done_count) continue;
        done[done_count++] = root;
        if (nodes_[root].followers == 0) continue;
        score_feature(root, false, events);
        return_followers_of(root, events);
    }
    // Cloisters and shrines on the new tile or around it that are now surrounded.
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            const Coord c{static_cast<std::int16_t>(placed.at.x + dx),
                          static_cast<std::int16_t>(placed.at.y + dy)};
            const int index = tile_at(c);
            if (index < 0) continue;
            const auto& t = placed_[index];
            const auto& type = game_->tiles().at(t.type);
            for (std::size_t s = 0; s < type.segments.size(); ++s) {
                if (!is_monastic(type.segments[s].kind)) continue;
                const int gid = t.segment_base + static_cast<int>(s);
                if (nodes_[gid].followers == 0 || cloister_neighbours(c) != 8) continue;
                score_cloister(index, static_cast<int>(s), false, events);
                return_followers_of(gid, events);
            }
        }
    }
}

void State::final_scoring(std::vector<Event>* events) {
    if (events) {
        Event e;
        e.type = EventType::final_scoring;
        events->push_back(std::move(e));
    }
    // Incomplete roads, cities, cloisters and shrines, in the order their followers stand.
    while (true) {
        const Follower* next = nullptr;
        for (const auto& f : followers_) {
            if (f.spot != FollowerSpot::feature) continue;
            const int gid = placed_[f.tile].segment_base + f.segment;
            if (kind(gid) == FeatureKind::field) continue;
            next = &f;
            break;
        }
        if (!next) break;
        const int gid = placed_[next->tile].segment_base + next->segment;
        if (is_monastic(kind(gid))) {
            score_cloister(next->tile, next->segment, true, events);
            return_followers_of(gid, events);
        } else {
            const int root = find(gid);
            score_feature(root, true, events);
            return_followers_of(root, events);
        }
    }
    score_farms(events);
    phase_ = Phase::game_over;
    decider_ = no_player;
    if (events) {
        Event e;
        e.type = EventType::game_over;
        events->push_back(std::move(e));
    }
}

void State::score_farms(std::vector<Event>* events) {
    std::vector<int> scored_roots;
    for (const auto& f : followers_) {
        if (f.spot != FollowerSpot::feature) continue;
        const int gid = placed_[f.tile].segment_base + f.segment;
        if (kind(gid) != FeatureKind::field) continue;
        const int root = find(gid);
        if (std::find(scored_roots.begin(), scored_roots.end(), root) != scored_roots.end()) continue;
        scored_roots.push_back(root);

        const auto winners = majority(followers_on(root), game_->players());
        // Completed cities touching this field, each once.
        std::vector<int> cities;
        int member = root;
        do {
            const auto& tile = placed_[nodes_[member].tile];
            for (unsigned bits = def(member).touches; bits; bits &= bits - 1) {
                const int city = find(tile.segment_base + std::countr_zero(bits));
                if (nodes_[city].open == 0 &&
                    std::find(cities.begin(), cities.end(), city) == cities.end())
                    cities.push_back(city);
            }
            member = nodes_[member].next;
        } while (member != root);
        const int points = 3 * static_cast<int>(cities.size());
        for (auto p : winners) players_[p].score += points;
        if (events) {
            Event e;
            e.type = EventType::feature_scored;
            e.feature = FeatureKind::field;
            e.final = true;
            e.points = points;
            e.count = static_cast<int>(cities.size());
            e.scorers = winners;
            e.detail = std::to_string(cities.size()) + " completed " +
                       (cities.size() == 1 ? "city" : "cities") + " x 3";
            std::bitset<max_placed_tiles> seen;
            int m = root;
            do {
                seen.set(nodes_[m].tile);
                m = nodes_[m].next;
            } while (m != root);
            for (int t = 0; t < static_cast<int>(placed_.size()); ++t)
                if (seen.test(t)) e.tiles.push_back(placed_[t].at);
            events->push_back(std::move(e));
        }
    }
}

}  // namespace carc
