// The Castle's scoring: completed features with the track and its wall tokens, the keep, and
// the final scoring (courtyards, the keep's empty area, tokens 4-9).
#include <algorithm>
#include <bitset>

#include "castle/castle_rules.hpp"
#include "core/emit.hpp"
#include "core/majority.hpp"

namespace carc {
namespace {

std::string tiles_text(int tiles, int per_tile) {
    return std::to_string(tiles) + (tiles == 1 ? " tile" : " tiles") + " x " + std::to_string(per_tile);
}

bool has_well(const Board& board, int root) {
    bool well = false;
    board.for_each_segment(root, [&](int s) { well = well || (board.def(s).flags & segment_flag_well); });
    return well;
}

WallToken final_token_for(FeatureKind kind) {
    switch (kind) {
        case FeatureKind::street: return WallToken::final_street;
        case FeatureKind::castle_tower: return WallToken::final_tower;
        default: return WallToken::final_house;
    }
}

}  // namespace

PlayerId CastleRules::owner(const State& s, int root) {
    // The same majority as Carcassonne's, except that a tie scores for nobody.
    const auto winners = majority(s.followers_on(root), castle_players);
    return winners.size() == 1 ? winners.front() : no_player;
}

// Streets 1 per tile (2 with a well), towers 2, houses 1; starting spaces count as tiles.
int CastleRules::feature_points(const State& s, int root, std::string& detail) {
    const int tiles = static_cast<int>(s.board_.feature_tiles(root).count());
    int per_tile = 1;
    switch (s.board_.kind(root)) {
        case FeatureKind::street: per_tile = has_well(s.board_, root) ? 2 : 1; break;
        case FeatureKind::castle_tower: per_tile = 2; break;
        default: break;
    }
    detail = tiles_text(tiles, per_tile);
    if (s.board_.kind(root) == FeatureKind::street && per_tile == 2) detail += " (well)";
    return tiles * per_tile;
}

void CastleRules::emit_scored(State& s, int root, PlayerId p, int points, bool final, std::string detail,
                              std::vector<Event>* events) {
    if (!events) return;
    const TileSet seen = s.board_.feature_tiles(root);
    emit(events, {.type = EventType::feature_scored,
                  .feature = s.board_.kind(root),
                  .final = final,
                  .completed = s.board_.complete(root),
                  .points = points,
                  .count = static_cast<int>(seen.count()),
                  .scorers = {p},
                  .tiles = s.board_.cells_of(seen),
                  .detail = std::move(detail)});
}

void CastleRules::score_pending(State& s, int index, WallToken doubling, std::vector<Event>* events) {
    const PendingScoring p = s.castle_.pending[index];
    s.castle_.pending.erase_at(index);
    std::string detail;
    int points = feature_points(s, p.root, detail);
    if (doubling != WallToken::none) {
        use_token(s, p.owner, doubling, 0, false, events);
        points *= 2;
        detail += " x 2 (wall token " + std::to_string(static_cast<int>(doubling)) + ")";
    }
    emit_scored(s, p.root, p.owner, points, false, std::move(detail), events);
    if (p.kind == FeatureKind::house) update_keep(s, p.owner, p.root, events);
    add_points(s, p.owner, points, events);
}

// Moves the marker; a marker that stops exactly on a corner tower still holding a token takes
// it (on any lap).
void CastleRules::add_points(State& s, PlayerId p, int points, std::vector<Event>* events) {
    s.players_[p].score += points;
    if (points <= 0) return;
    const auto& castle = *s.game().castle_board();
    const int slot = castle.token_slot_at(s.players_[p].score % castle_track_length);
    if (slot < 0 || !(s.castle_.towers_with_token & (1u << slot))) return;
    const WallToken token = s.castle_wall_[slot];
    s.castle_wall_[slot] = WallToken::none;
    s.castle_.towers_with_token = static_cast<std::uint16_t>(s.castle_.towers_with_token & ~(1u << slot));
    auto& player = s.castle_.players[p];
    ++player.tokens[static_cast<int>(token)];
    ++player.fresh[static_cast<int>(token)];
    emit(events, {.type = EventType::wall_token_taken,
                  .player = p,
                  .at = castle.wall()[castle.token_towers()[slot]].at,
                  .count = static_cast<int>(token)});
}

// The keep goes onto the first house a player scores and moves to any larger one.
void CastleRules::update_keep(State& s, PlayerId p, int root, std::vector<Event>* events) {
    const TileSet seen = s.board_.feature_tiles(root);
    const int size = static_cast<int>(seen.count());
    auto& player = s.castle_.players[p];
    if (player.keep_size != 0 && size <= player.keep_size) return;
    player.keep_size = static_cast<std::uint8_t>(size);
    player.keep_at = s.board_.tile(s.board_.tile_of(root)).at;
    emit(events, {.type = EventType::keep_placed,
                  .player = p,
                  .at = player.keep_at,
                  .count = size});
}

void CastleRules::use_token(State& s, PlayerId p, WallToken t, int points, bool final,
                            std::vector<Event>* events) {
    auto& player = s.castle_.players[p];
    const int k = static_cast<int>(t);
    --player.tokens[k];
    ++s.castle_.played[k];
    player.fresh[k] = std::min(player.fresh[k], player.tokens[k]);
    s.players_[p].score += points;
    emit(events, {.type = EventType::wall_token_used,
                  .player = p,
                  .final = final,
                  .points = points,
                  .count = k});
}

// Every follower on a feature completed this turn goes back, scored or not.
void CastleRules::return_followers(State& s, std::vector<Event>* events) {
    for (auto root : s.castle_.completed)
        if (s.board_.followers(root) > 0) s.return_followers_of(root, events);
}

// The distinct features of a kind, in the order their first segment was laid.
std::vector<int> CastleRules::feature_roots(const State& s, FeatureKind kind) {
    std::vector<int> roots;
    std::bitset<max_board_segments> seen;
    for (int t = 0; t < s.board_.size(); ++t) {
        const auto& type = s.board_.type_of(t);
        for (int i = 0; i < static_cast<int>(type.segments.size()); ++i) {
            if (type.segments[i].kind != kind) continue;
            const int root = s.board_.find(s.board_.segment_id(t, i));
            if (seen.test(static_cast<std::size_t>(root))) continue;
            seen.set(static_cast<std::size_t>(root));
            roots.push_back(root);
        }
    }
    return roots;
}

// ---- the final scoring -------------------------------------------------------------------

void CastleRules::final_scoring(State& s, std::vector<Event>* events) {
    emit(events, {.type = EventType::final_scoring});
    // Unclaimed tokens leave the wall: none can be taken during the final scoring.
    s.castle_wall_.fill(WallToken::none);
    s.castle_.towers_with_token = 0;
    score_courtyards(s, events);
    score_keeps(s, events);
    score_incomplete_with_tokens(s, events);
    score_five_point_tokens(s, events);
    s.phase_ = Phase::game_over;
    s.decider_ = no_player;
    emit(events, {.type = EventType::game_over});
}

// 3 per market to the player with more merchants; wall token 7 makes one court 4 per market
// (each token on the owner's court with the most markets).
void CastleRules::score_courtyards(State& s, std::vector<Event>* events) {
    struct Court {
        int root;
        PlayerId owner;
        int markets;
    };
    std::vector<Court> courts;
    for (int root : feature_roots(s, FeatureKind::courtyard)) {
        int markets = 0;
        s.board_.feature_tiles(root, &markets);
        const PlayerId who = owner(s, root);
        if (who != no_player && markets > 0) courts.push_back({root, who, markets});
    }
    std::array<std::vector<int>, castle_players> upgraded;
    for (PlayerId p = 0; p < castle_players; ++p) {
        std::vector<int> mine;
        for (int i = 0; i < static_cast<int>(courts.size()); ++i)
            if (courts[i].owner == p) mine.push_back(i);
        std::stable_sort(mine.begin(), mine.end(),
                         [&](int a, int b) { return courts[a].markets > courts[b].markets; });
        const int tokens = s.castle_.players[p].tokens[static_cast<int>(WallToken::market_bonus)];
        for (int i = 0; i < tokens && i < static_cast<int>(mine.size()); ++i) upgraded[p].push_back(mine[i]);
    }
    for (int i = 0; i < static_cast<int>(courts.size()); ++i) {
        const auto& court = courts[i];
        const auto& up = upgraded[court.owner];
        const bool bonus = std::find(up.begin(), up.end(), i) != up.end();
        const int per_market = bonus ? 4 : 3;
        const int points = court.markets * per_market;
        std::string detail = std::to_string(court.markets) + (court.markets == 1 ? " market" : " markets") +
                             " x " + std::to_string(per_market);
        if (bonus) {
            use_token(s, court.owner, WallToken::market_bonus, 0, true, events);
            detail += " (wall token 7)";
        }
        emit_scored(s, court.root, court.owner, points, true, std::move(detail), events);
        add_points(s, court.owner, points, events);
    }
}

// The largest group of connected empty spaces goes to the owner of the larger keep house
// (+2 tiles per wall token 8); equal sizes: nobody. A player without a keep loses to any keep.
void CastleRules::score_keeps(State& s, std::vector<Event>* events) {
    std::array<int, castle_players> size{};
    for (PlayerId p = 0; p < castle_players; ++p) {
        auto& player = s.castle_.players[p];
        size[p] = player.keep_size;
        if (player.keep_size == 0) continue;
        while (player.tokens[static_cast<int>(WallToken::keep_bonus)] > 0) {
            use_token(s, p, WallToken::keep_bonus, 0, true, events);
            size[p] += 2;
        }
    }
    if (size[0] == size[1]) return;
    const PlayerId winner = size[0] > size[1] ? 0 : 1;
    std::vector<Coord> cells;
    const int area = largest_empty_area(s.board_, *s.game().castle_board(), &cells);
    if (area == 0) return;
    add_points(s, winner, area, events);
    emit(events, {.type = EventType::keep_scored,
                  .final = true,
                  .points = area,
                  .count = area,
                  .scorers = {winner},
                  .tiles = cells,
                  .detail = std::to_string(area) + " empty spaces; keep house " +
                            std::to_string(size[winner]) + " against " +
                            std::to_string(size[1 - winner])});
}

// Tokens 4-6: each scores the owner's most valuable incomplete street, tower or house on which
// the owner has more followers than the opponent.
void CastleRules::score_incomplete_with_tokens(State& s, std::vector<Event>* events) {
    for (auto kind : {FeatureKind::street, FeatureKind::castle_tower, FeatureKind::house}) {
        const WallToken token = final_token_for(kind);
        for (PlayerId p = 0; p < castle_players; ++p) {
            struct Candidate {
                int root;
                int points;
                std::string detail;
            };
            std::vector<Candidate> candidates;
            for (int root : feature_roots(s, kind)) {
                if (s.board_.complete(root) || owner(s, root) != p) continue;
                std::string detail;
                const int points = feature_points(s, root, detail);
                candidates.push_back({root, points, std::move(detail)});
            }
            std::stable_sort(candidates.begin(), candidates.end(),
                             [](const Candidate& a, const Candidate& b) { return a.points > b.points; });
            for (auto& c : candidates) {
                if (s.castle_.players[p].tokens[static_cast<int>(token)] == 0) break;
                use_token(s, p, token, 0, true, events);
                emit_scored(s, c.root, p, c.points, true,
                            c.detail + " (wall token " + std::to_string(static_cast<int>(token)) + ")",
                            events);
                add_points(s, p, c.points, events);
            }
        }
    }
}

void CastleRules::score_five_point_tokens(State& s, std::vector<Event>* events) {
    for (PlayerId p = 0; p < castle_players; ++p)
        while (s.castle_.players[p].tokens[static_cast<int>(WallToken::five_points)] > 0)
            use_token(s, p, WallToken::five_points, 5, true, events);
}

}  // namespace carc
