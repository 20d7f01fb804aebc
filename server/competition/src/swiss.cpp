// Swiss pairing as a heavy maximum-cardinality matching (matching.hpp). With an odd count the
// bye's score group is settled first: the lowest group in which some player without a bye can
// sit out while everyone else is still paired (Edmonds decides), as FIDE's Dutch system and
// lichess place it; the matching then only offers the bye inside that group. Weighing the bye
// against the other pairs instead would hand it upward whenever that saves one pair across
// score groups. Each allowed pair (never met) gets
// weight = base - cost, base large enough that a matching with one more pair always wins, and
// cost ordered lexicographically: a pair across score groups first, then its score gap, then
// how far the pair is from the group's fold (top half against bottom half). A last, unique
// term per pair makes all weights distinct, so the pairing does not depend on the order of ties.
#include "carc/competition/swiss.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>

namespace carc::competition {
namespace {

struct Ranked {
    const SwissPlayer* player;
    long half_points;    // score in half points
    long group_index;    // position inside its score group
    long group_size;
};

std::vector<Ranked> rank(const std::vector<SwissPlayer>& players) {
    std::vector<const SwissPlayer*> order;
    for (const auto& p : players) order.push_back(&p);
    std::stable_sort(order.begin(), order.end(), [](const SwissPlayer* a, const SwissPlayer* b) {
        if (a->score != b->score) return a->score > b->score;
        if (a->seed != b->seed) return a->seed > b->seed;
        return a->id < b->id;
    });
    std::vector<Ranked> ranked;
    for (const SwissPlayer* p : order) ranked.push_back({p, std::lround(p->score * 2), 0, 0});
    for (std::size_t start = 0; start < ranked.size();) {
        std::size_t end = start;
        while (end < ranked.size() && ranked[end].half_points == ranked[start].half_points) ++end;
        for (std::size_t i = start; i < end; ++i) {
            ranked[i].group_index = static_cast<long>(i - start);
            ranked[i].group_size = static_cast<long>(end - start);
        }
        start = end;
    }
    return ranked;
}

void check_players(const std::vector<SwissPlayer>& players) {
    if (players.size() < 2 || players.size() > static_cast<std::size_t>(kMaxSwissPlayers)) {
        throw std::invalid_argument("a Swiss round needs 2 to " + std::to_string(kMaxSwissPlayers) +
                                    " players, not " + std::to_string(players.size()));
    }
    std::set<int> ids;
    for (const auto& p : players) {
        if (!ids.insert(p.id).second) {
            throw std::invalid_argument("player " + std::to_string(p.id) + " is listed twice");
        }
    }
}

std::vector<WeightedEdge> allowed_pairs(const std::vector<Ranked>& ranked) {
    std::vector<WeightedEdge> edges;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        const auto& met = ranked[i].player->opponents;
        for (std::size_t j = i + 1; j < ranked.size(); ++j) {
            if (std::find(met.begin(), met.end(), ranked[j].player->id) != met.end()) continue;
            edges.push_back({static_cast<int>(i), static_cast<int>(j), 1});
        }
    }
    return edges;
}

// The score (in half points) of the lowest group that can take the bye with everyone else
// paired; nullopt when no group can.
std::optional<long> bye_group(const std::vector<Ranked>& ranked) {
    const int n = static_cast<int>(ranked.size());
    const std::vector<WeightedEdge> pairs = allowed_pairs(ranked);
    std::set<long> scores;
    for (const auto& r : ranked) scores.insert(r.half_points);
    for (const long score : scores) {  // lowest first
        std::vector<WeightedEdge> edges = pairs;
        for (int i = 0; i < n; ++i) {
            if (ranked[i].half_points == score && !ranked[i].player->had_bye) edges.push_back({i, n, 1});
        }
        if (edges.size() == pairs.size()) continue;
        if (maximum_cardinality(n + 1, edges) == (n + 1) / 2) return score;
    }
    return std::nullopt;
}

}  // namespace

SwissRound pair_swiss_round(const std::vector<SwissPlayer>& players, MatchingReport* report) {
    check_players(players);
    const std::vector<Ranked> ranked = rank(players);
    const long n = static_cast<long>(ranked.size());
    const bool odd = n % 2 == 1;
    const std::optional<long> bye_score = odd ? bye_group(ranked) : std::nullopt;
    if (odd && !bye_score) {
        throw PairingImpossible("no pairing is left without a repeated pair or a second bye");
    }
    const long vertices = n + (odd ? 1 : 0);  // the last vertex is the bye
    long max_gap = 0;
    for (const auto& r : ranked) max_gap = std::max(max_gap, r.half_points - ranked.back().half_points);
    // Cost units: each level outweighs the largest possible sum of the levels below it.
    const long pairs = vertices / 2;
    const long fold_unit = 1;
    const long gap_unit = pairs * n + 1;
    const long cross_unit = pairs * (max_gap + n) * gap_unit + 1;
    const long max_cost = cross_unit + (max_gap + n) * gap_unit + n;
    const long base = (pairs + 1) * max_cost;
    const long unique_span = vertices * vertices;       // pair (i, j) -> i * vertices + j
    const long tie_unit = (pairs + 1) * unique_span;    // the unique terms never outweigh a cost

    std::vector<WeightedEdge> edges;
    for (long i = 0; i < n; ++i) {
        const SwissPlayer& a = *ranked[i].player;
        const std::set<int> met(a.opponents.begin(), a.opponents.end());
        for (long j = i + 1; j < n; ++j) {
            const SwissPlayer& b = *ranked[j].player;
            if (met.contains(b.id)) continue;
            const long gap = ranked[i].half_points - ranked[j].half_points;
            long cost = gap * gap_unit;
            if (gap != 0) {
                cost += cross_unit;
            } else {
                const long apart = ranked[j].group_index - ranked[i].group_index;
                cost += std::labs(apart - ranked[i].group_size / 2) * fold_unit;
            }
            const long unique = unique_span - (i * vertices + j);
            edges.push_back({static_cast<int>(i), static_cast<int>(j), (base - cost) * tie_unit + unique});
        }
        if (odd && !a.had_bye && ranked[i].half_points == *bye_score) {
            // Within the bye's group, the lowest ranked is preferred.
            const long cost = n - i;
            const long unique = unique_span - (i * vertices + n);
            edges.push_back({static_cast<int>(i), static_cast<int>(n), (base - cost) * tie_unit + unique});
        }
    }
    const std::vector<int> mate = heavy_maximum_matching(static_cast<int>(vertices), edges, report);
    SwissRound round;
    for (long i = 0; i < n; ++i) {
        const int m = mate[i];
        if (m < 0) {
            throw PairingImpossible("no pairing is left without a repeated pair or a second bye");
        }
        if (m == n) round.bye = ranked[i].player->id;
        else if (m > i) round.pairs.emplace_back(ranked[i].player->id, ranked[m].player->id);
    }
    return round;
}

}  // namespace carc::competition
