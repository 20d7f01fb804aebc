// The search's heuristic for The Castle. The score if the game ended now counts the points on
// the track, the courtyards and the final tokens, but it misjudges the rest: it gives the keep
// prize at today's largest empty area (50 spaces mid-game against about 8 at the end), nothing
// for streets, towers and houses still being built, and nothing for tokens 1-3. Here those
// are replaced or added as expected values, with constants measured on greedy games
// (docs/bots.md, "The Castle's evaluation").
#include <algorithm>
#include <cmath>
#include <string>

#include "carc/search.hpp"
#include "castle/castle_rules.hpp"
#include "search/evaluation.hpp"

namespace carc {

namespace {

// The chance that an incomplete street, tower or house completes before the pile runs out,
// by its open ends (streets) or open half-sides (towers and houses, two to a side).
double completion_chance(FeatureKind kind, int open, int tiles_left) {
    if (tiles_left <= 0) return 0;
    if (kind == FeatureKind::street)
        return std::pow(1 - std::exp(-tiles_left / (10.0 + 10.0 * open)), open);
    return std::pow(1 - std::exp(-tiles_left / 22.0), (open + 1) / 2);
}

// A keep's house size as the final scoring compares them (token 8 adds 2; no keep is 0).
int keep_strength(const CastlePlayer& p) {
    if (p.keep_size == 0) return 0;
    return p.keep_size + 2 * p.tokens[static_cast<int>(WallToken::keep_bonus)];
}

// The worth of holding tokens 1-3, used during play (4-9 count in the final scoring).
double playable_tokens_worth(const CastlePlayer& p, int tiles_left) {
    const double time = 1 - std::exp(-tiles_left / 20.0);
    return (tiles_left >= 2 ? 2.5 : 0.0) * p.tokens[static_cast<int>(WallToken::extra_turn)] +
           3.0 * time * p.tokens[static_cast<int>(WallToken::double_tower)] +
           2.0 * time * p.tokens[static_cast<int>(WallToken::double_house)];
}

// Followers in supply (as in the other rule systems) and tokens 1-3 held.
std::array<double, max_players> add_supply_and_tokens(const State& s, std::array<double, max_players> out) {
    for (int p = 0; p < castle_players; ++p) {
        out[static_cast<std::size_t>(p)] += supply_worth(s) * std::min<int>(s.player(p).supply, 4);
        out[static_cast<std::size_t>(p)] += playable_tokens_worth(s.castle().players[p], s.tiles_left());
    }
    return out;
}

}  // namespace

std::array<double, max_players> evaluate_castle(const State& s) {
    std::array<double, max_players> out{};
    const auto ended = s.scores_if_ended();
    for (int p = 0; p < castle_players; ++p) out[static_cast<std::size_t>(p)] = ended[static_cast<std::size_t>(p)];
    if (s.is_over()) return out;

    const Board& board = s.board();
    const CastleState& castle = s.castle();
    const int tiles_left = s.tiles_left();
    std::string detail;

    // Scorings chosen but not made yet this turn (the final scoring above skips them).
    for (const auto& pending : castle.pending)
        out[static_cast<std::size_t>(pending.owner)] += CastleRules::feature_points(s, pending.root, detail);

    // Streets, towers and houses being built: their points to the majority, times the chance
    // of completion. A house may also become its owner's larger keep.
    std::array<double, castle_players> keep{};
    for (int p = 0; p < castle_players; ++p) keep[static_cast<std::size_t>(p)] = keep_strength(castle.players[p]);
    std::array<int, max_board_followers> seen{};
    int seen_count = 0;
    for (const auto& f : s.followers()) {
        const int root = board.find(board.segment_id(f.tile, f.segment));
        const FeatureKind kind = board.kind(root);
        if (kind == FeatureKind::courtyard || board.complete(root)) continue;  // merchants: scored above
        if (std::find(seen.begin(), seen.begin() + seen_count, root) != seen.begin() + seen_count) continue;
        seen[static_cast<std::size_t>(seen_count++)] = root;
        const PlayerId owner = CastleRules::owner(s, root);
        if (owner == no_player) continue;
        const double chance = completion_chance(kind, board.open_ends(root), tiles_left);
        out[owner] += chance * CastleRules::feature_points(s, root, detail);
        if (kind != FeatureKind::house) continue;
        const int bonus = 2 * castle.players[owner].tokens[static_cast<int>(WallToken::keep_bonus)];
        const double size = static_cast<double>(board.feature_tiles(root).count()) + bonus;
        if (size > keep[owner]) keep[owner] += chance * (size - keep[owner]);
    }

    // The keep prize: take back what the final scoring gave at today's area, and give the
    // expected final area (about half the spaces that will stay empty; near the end, today's
    // area less two per tile to come) by the chance of having the larger keep then.
    const int now0 = keep_strength(castle.players[0]), now1 = keep_strength(castle.players[1]);
    const double gap = std::abs(keep[0] - keep[1]);
    if (now0 == now1 && gap == 0) return add_supply_and_tokens(s, out);  // no keep at stake yet
    const int area = largest_empty_area(board, *s.game().castle_board());
    if (now0 != now1) out[now0 > now1 ? 0 : 1] -= area;
    const int laid = board.size() - castle_start_spaces;
    const int final_empty = std::max(0, castle_interior_spaces - laid - tiles_left);
    const double prize = std::min<double>(area, std::max(0.5 * final_empty, static_cast<double>(area - 2 * tiles_left)));
    if (gap > 0) {
        const double remaining = static_cast<double>(tiles_left) / std::max(1, tiles_left + laid);
        const double leader_share = 0.5 + 0.5 * gap / (gap + 3 * remaining);
        const int leader = keep[0] > keep[1] ? 0 : 1;
        out[static_cast<std::size_t>(leader)] += leader_share * prize;
        out[static_cast<std::size_t>(1 - leader)] += (1 - leader_share) * prize;
    }

    return add_supply_and_tokens(s, out);
}

}  // namespace carc
