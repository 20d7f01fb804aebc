// The search's heuristic: points on the table if the game ended now, plus the worth of what
// may still come (followers in supply, incomplete cities that will likely be completed).
#include <algorithm>
#include <cmath>

#include "carc/search.hpp"
#include "search/evaluation.hpp"

namespace carc {

std::array<double, max_players> evaluate(const State& s) {
    if (s.game().castle_board()) return evaluate_castle(s);
    std::array<double, max_players> out{};
    const auto ended = s.scores_if_ended();
    const int players = s.game().players();
    for (int p = 0; p < players; ++p) out[static_cast<std::size_t>(p)] = ended[static_cast<std::size_t>(p)];
    if (s.is_over()) return out;

    // A follower in supply earns points later; less so as the pile runs out.
    const double turns_left = static_cast<double>(s.tiles_left()) / players;
    const double follower = supply_worth(s);
    for (int p = 0; p < players; ++p)
        out[static_cast<std::size_t>(p)] += follower * std::min<int>(s.player(p).supply, 4);

    // An incomplete city scores double once completed: its majority holders get part of that,
    // more the fewer open ends it has.
    const Board& board = s.board();
    std::array<int, max_board_followers> seen{};
    int seen_count = 0;
    for (const auto& f : s.followers()) {
        if (f.spot != FollowerSpot::feature) continue;
        const int seg = board.segment_id(f.tile, f.segment);
        if (board.kind(seg) != FeatureKind::city) continue;
        const int root = board.find(seg);
        if (board.complete(root)) continue;
        if (std::find(seen.begin(), seen.begin() + seen_count, root) != seen.begin() + seen_count) continue;
        seen[static_cast<std::size_t>(seen_count++)] = root;
        std::array<int, max_players> count{};
        for (const auto& g : s.followers())
            if (g.spot == FollowerSpot::feature && board.find(board.segment_id(g.tile, g.segment)) == root)
                ++count[static_cast<std::size_t>(g.owner)];
        const int most = *std::max_element(count.begin(), count.begin() + players);
        int shields = 0;
        const int tiles = static_cast<int>(board.feature_tiles(root, &shields).count());
        const double chance = std::min(1.0, turns_left / 4.0) / std::max(1, board.open_ends(root));
        for (int p = 0; p < players; ++p)
            if (count[static_cast<std::size_t>(p)] == most)
                out[static_cast<std::size_t>(p)] += chance * (tiles + shields);
    }
    return out;
}

double reward(const std::array<double, max_players>& values, int players, int player) {
    double best_other = -1e9;
    for (int p = 0; p < players; ++p)
        if (p != player) best_other = std::max(best_other, values[static_cast<std::size_t>(p)]);
    if (players < 2) best_other = 0;
    const double lead = values[static_cast<std::size_t>(player)] - best_other;
    return 1.0 / (1.0 + std::exp(-lead / 10.0));
}

}  // namespace carc
