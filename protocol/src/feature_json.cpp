// The features a decision's actions name (a follower spot, a field for the market move), so a
// client can show the whole feature, who holds it and what it is worth before choosing.
#include <algorithm>

#include "carc/protocol/view.hpp"

namespace carc::protocol {
namespace {

// The laid tile and segment an action puts a follower on, or nullopt.
std::optional<std::pair<int, int>> feature_spot(const State& state, const Action& a) {
    if (a.type == ActionType::place_follower && !state.tiles().empty())
        return std::pair{static_cast<int>(state.tiles().size()) - 1, static_cast<int>(a.segment)};
    if (a.type == ActionType::market_move) {
        const int tile = state.tile_at(a.at);
        if (tile >= 0) return std::pair{tile, static_cast<int>(a.segment)};
    }
    return std::nullopt;
}

}  // namespace

nlohmann::json features_to_json(const State& state, const std::vector<Action>& actions) {
    nlohmann::json out = nlohmann::json::array();
    std::vector<int> ids;  // the feature id of each entry of `out`
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const auto spot = feature_spot(state, actions[i]);
        if (!spot) continue;
        const FeatureInfo info = state.feature_at(spot->first, spot->second);
        const auto known = std::find(ids.begin(), ids.end(), info.id);
        if (known != ids.end()) {
            out[static_cast<std::size_t>(known - ids.begin())]["actions"].push_back(i);
            continue;
        }
        ids.push_back(info.id);
        nlohmann::json segments = nlohmann::json::array();
        for (const auto& [at, segment] : info.segments) segments.push_back({at.x, at.y, segment});
        const std::vector<int> followers(info.followers.begin(),
                                         info.followers.begin() + state.game().players());
        out.push_back({{"actions", {i}},
                       {"kind", to_string(info.kind)},
                       {"complete", info.complete},
                       {"points", info.points < 0 ? nlohmann::json(nullptr) : nlohmann::json(info.points)},
                       {"followers", followers},
                       {"segments", std::move(segments)}});
    }
    return out;
}

}  // namespace carc::protocol
