// The Cult (docs/ckc.md): shrines next to monasteries. A shrine may have at most one monastery
// among its 8 neighbours and a monastery at most one shrine, so pairs are exclusive; when one
// of an occupied pair is completed and scored, the other, occupied and unfinished, scores 0.
#include <algorithm>
#include <cstdlib>

#include "cult/cult_rules.hpp"
#include "core/emit.hpp"

namespace carc {
namespace {

FeatureKind opposite_building(FeatureKind kind) {
    return kind == FeatureKind::shrine ? FeatureKind::cloister : FeatureKind::shrine;
}

template <typename Fn>
void for_each_neighbour8(Coord at, Fn&& fn) {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (dx || dy)
                fn(Coord{static_cast<std::int16_t>(at.x + dx),
                         static_cast<std::int16_t>(at.y + dy)});
}

std::string cell_text(Coord c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

}  // namespace

void CultRules::collect_buildings(const State& s, Buildings& out) {
    for (const auto& t : s.board_.tiles()) {
        const bool shrine = s.game_->is_shrine(t.type);
        if (shrine || s.game_->is_cloister(t.type)) out.push_back(Building{t.at, shrine});
    }
}

const char* CultRules::violation(bool shrine, Coord at, const Buildings& buildings) {
    auto next_to = [](Coord a, Coord b) {
        return !(a == b) && std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1;
    };
    int partners = 0;
    const char* reason = nullptr;
    for (const auto& partner : buildings) {
        if (partner.shrine == shrine || !next_to(partner.at, at)) continue;
        ++partners;
        // That neighbour may not get a second building of this kind next to it.
        for (const auto& same : buildings)
            if (same.shrine == shrine && next_to(same.at, partner.at))
                reason = shrine ? "the monastery next to it already has a shrine next to it"
                                : "the shrine next to it already has a monastery next to it";
    }
    if (partners > 1)
        return shrine ? "a shrine may not stand next to more than one monastery"
                      : "a monastery may not stand next to more than one shrine";
    return reason;
}

void CultRules::resolve_challenge(State& s, int placed_index, int segment, std::vector<Event>* events) {
    if (!s.game_->cult_rules()) return;
    const Coord at = s.board_.tile(placed_index).at;
    const FeatureKind winner_kind = s.board_.kind(s.board_.segment_id(placed_index, segment));
    const FeatureKind loser_kind = opposite_building(winner_kind);
    for_each_neighbour8(at, [&](Coord c) {
        const int index = s.board_.tile_at(c);
        if (index < 0) return;
        const int seg = s.board_.type_of(index).segment_of_kind(loser_kind);
        if (seg < 0) return;
        const int gid = s.board_.segment_id(index, seg);
        // Unoccupied: no challenge. Completed by the same tile: it scores in full on its own.
        if (s.board_.followers(gid) == 0 || s.board_.neighbours8(c) == 8) return;
        if (events) {
            std::vector<PlayerId> losers;
            for (const auto& f : s.followers_)
                if (f.spot == FollowerSpot::feature && f.tile == index && f.segment == seg &&
                    std::find(losers.begin(), losers.end(), f.owner) == losers.end())
                    losers.push_back(f.owner);
            emit(events, {.type = EventType::feature_scored,
                          .feature = loser_kind,
                          .points = 0,
                          .count = s.board_.neighbours8(c) + 1,
                          .scorers = std::move(losers),
                          .tiles = {c},
                          .detail = "lost the challenge to the " +
                                    std::string(to_string(winner_kind)) + " at " + cell_text(at)});
        }
        s.return_followers_of(gid, events);
    });
}

}  // namespace carc
