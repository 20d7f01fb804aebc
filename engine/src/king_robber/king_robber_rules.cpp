// King and Robber Baron (docs/ckc.md): the player who lays the tile completing a city (road)
// larger than every one completed before takes the King (Robber Baron); at game end its holder
// scores 1 point per completed city (road) on the board.
#include <algorithm>

#include "king_robber/king_robber_rules.hpp"

#include "city/city_rules.hpp"
#include "core/emit.hpp"

namespace carc {

void KingRobberRules::update(State& s, std::vector<Event>* events) {
    if (!s.game_->config().expansions.king_robber) return;
    const auto& placed = s.board_.tile(s.last_placed_);
    const auto& tile = s.board_.type_of(s.last_placed_);
    int largest[2] = {0, 0};  // city, road completed by this tile (the largest of each)
    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        const auto k = tile.segments[i].kind;
        if (k != FeatureKind::city && k != FeatureKind::road) continue;
        const int root = s.board_.find(placed.segment_base + static_cast<int>(i));
        if (!s.board_.complete(root)) continue;
        const int size = static_cast<int>(s.board_.feature_tiles(root).count());
        int& best = largest[k == FeatureKind::city ? 0 : 1];
        best = std::max(best, size);
    }
    auto take = [&](PlayerId& holder, std::uint8_t& record, int size, FeatureKind kind) {
        if (size <= record) return;  // equal size does not take it
        holder = s.turn_player_;
        record = static_cast<std::uint8_t>(size);
        emit(events, {.type = EventType::token_taken,
                      .player = s.turn_player_,
                      .at = placed.at,
                      .feature = kind,
                      .count = size});
    };
    take(s.king_, s.king_size_, largest[0], FeatureKind::city);
    take(s.robber_, s.robber_size_, largest[1], FeatureKind::road);
}

void KingRobberRules::score(State& s, std::vector<Event>* events) {
    if (!s.game_->config().expansions.king_robber) return;
    int completed_cities = CityRules::cities_for_king(s);
    int completed_roads = 0;
    for (int t = 0; t < s.board_.size(); ++t) {
        const int segments = static_cast<int>(s.board_.type_of(t).segments.size());
        for (int seg = 0; seg < segments; ++seg) {
            const int gid = s.board_.segment_id(t, seg);
            if (s.board_.find(gid) != gid || !s.board_.complete(gid)) continue;
            if (s.board_.kind(gid) == FeatureKind::city) ++completed_cities;
            if (s.board_.kind(gid) == FeatureKind::road) ++completed_roads;
        }
    }
    auto pay = [&](PlayerId holder, int count, FeatureKind kind) {
        if (holder == no_player) return;
        s.players_[holder].score += count;
        emit(events, {.type = EventType::token_scored,
                      .player = holder,
                      .feature = kind,
                      .final = true,
                      .points = count,
                      .count = count,
                      .detail = std::to_string(count) + " completed " +
                                (kind == FeatureKind::city ? "cities" : "roads") + " x 1"});
    };
    pay(s.king_, completed_cities, FeatureKind::city);
    pay(s.robber_, completed_roads, FeatureKind::road);
}

}  // namespace carc
