// Chance and hidden information for search: the next draw's distribution, forcing a draw,
// resampling the hidden pile order and wall tokens, and the scores if the game ended now.
// Everything is computed from public information: the tiles already turned over (pile
// positions before next_draw_) and the box, never from the order of the rest.
#include <algorithm>

#include "carc/state.hpp"
#include "castle/castle_rules.hpp"

namespace carc {

namespace {

// The public multisets of tiles still face down: the river's three parts and the land.
struct PublicPile {
    std::vector<TileTypeId> river_first, river_middle, river_last, land;
    int river_size = 0;  // pile positions taken by the river (they come first)
};

// Removes one copy of `t` from the first part that has it; false when none has.
bool take(std::vector<TileTypeId>& part, TileTypeId t) {
    const auto it = std::find(part.begin(), part.end(), t);
    if (it == part.end()) return false;
    part.erase(it);
    return true;
}

}  // namespace

// Friend access is State's, so the helpers that read the drawn prefix live here as lambdas.
std::vector<State::DrawChance> State::next_draw_chances() const {
    std::vector<DrawChance> out;
    if (next_draw_ >= static_cast<int>(pile_.size())) return out;
    const Game& g = *game_;
    PublicPile pub{g.river_first(), g.river_shuffled(), g.river_last(), g.pile(), 0};
    pub.river_size = static_cast<int>(pub.river_first.size() + pub.river_middle.size() + pub.river_last.size());
    for (int i = 0; i < next_draw_; ++i)
        take(pub.river_first, pile_[i]) || take(pub.river_middle, pile_[i]) ||
            take(pub.river_last, pile_[i]) || take(pub.land, pile_[i]);
    const std::vector<TileTypeId>* from = &pub.land;
    if (next_draw_ < pub.river_size) {
        if (!pub.river_first.empty()) {
            out.push_back({pub.river_first.front(), 1, 1.0});
            return out;
        }
        from = !pub.river_middle.empty() ? &pub.river_middle : &pub.river_last;
        if (from == &pub.river_last) {
            out.push_back({pub.river_last.front(), 1, 1.0});
            return out;
        }
    }
    std::vector<int> counts(g.tiles().size(), 0);
    for (const TileTypeId t : *from) ++counts[t];
    const double total = static_cast<double>(from->size());
    for (std::size_t t = 0; t < counts.size(); ++t)
        if (counts[t] > 0)
            out.push_back({static_cast<TileTypeId>(t), counts[t], counts[t] / total});
    return out;
}

void State::set_next_draw(TileTypeId tile) {
    if (next_draw_ >= static_cast<int>(pile_.size())) return;
    for (int i = next_draw_; i < static_cast<int>(pile_.size()); ++i)
        if (pile_[i] == tile) {
            std::swap(pile_[i], pile_[next_draw_]);
            return;
        }
    // A limited pile may not hold it: the box does, so it takes the place of the next tile.
    pile_[next_draw_] = tile;
}

void State::determinize(Rng& rng) {
    const Game& g = *game_;
    const int size = static_cast<int>(pile_.size());
    if (next_draw_ < size) {
        PublicPile pub{g.river_first(), g.river_shuffled(), g.river_last(), g.pile(), 0};
        pub.river_size =
            static_cast<int>(pub.river_first.size() + pub.river_middle.size() + pub.river_last.size());
        for (int i = 0; i < next_draw_; ++i)
            take(pub.river_first, pile_[i]) || take(pub.river_middle, pile_[i]) ||
                take(pub.river_last, pile_[i]) || take(pub.land, pile_[i]);
        // The box lists types in catalog order, so the sample does not depend on the real order.
        std::sort(pub.river_middle.begin(), pub.river_middle.end());
        std::sort(pub.land.begin(), pub.land.end());
        rng.shuffle(std::span<TileTypeId>(pub.river_middle));
        rng.shuffle(std::span<TileTypeId>(pub.land));
        std::vector<TileTypeId> order;
        const bool river_left = next_draw_ < pub.river_size && pub.river_size <= size;
        if (river_left) {
            order = pub.river_first;
            order.insert(order.end(), pub.river_middle.begin(), pub.river_middle.end());
            order.insert(order.end(), pub.river_last.begin(), pub.river_last.end());
        }
        order.insert(order.end(), pub.land.begin(), pub.land.end());
        // A scripted pile may not follow the box: then only its length is kept.
        for (int i = next_draw_, k = 0; i < size && k < static_cast<int>(order.size()); ++i, ++k)
            pile_[i] = order[static_cast<std::size_t>(k)];
    }
    if (CastleRules::active(*this) && castle_.towers_with_token) {
        // The tokens never turned face up: every kind twice, less those held and those played.
        std::vector<WallToken> pool;
        for (int kind = 1; kind <= wall_token_kinds; ++kind) {
            int copies = wall_tokens_per_kind - castle_.played[kind];
            for (const auto& p : castle_.players) copies -= p.tokens[kind];
            for (int c = 0; c < copies; ++c) pool.push_back(static_cast<WallToken>(kind));
        }
        rng.shuffle(std::span<WallToken>(pool));
        std::size_t next = 0;
        for (int slot = 0; slot < castle_token_slots; ++slot)
            if (castle_.towers_with_token & (1u << slot))
                castle_wall_[slot] = next < pool.size() ? pool[next++] : WallToken::none;
    }
}

std::array<int, max_players> State::scores_if_ended() const {
    State copy = *this;
    if (!copy.is_over()) {
        copy.final_scoring(nullptr);
        std::vector<Action> actions;
        for (int guard = 0; guard < 256 && !copy.is_over(); ++guard) {
            actions.clear();
            copy.legal_actions(actions);
            if (actions.empty()) break;
            copy.apply(actions.front());
        }
    }
    std::array<int, max_players> out{};
    for (int p = 0; p < game_->players(); ++p) out[static_cast<std::size_t>(p)] = copy.score(p);
    return out;
}

}  // namespace carc
