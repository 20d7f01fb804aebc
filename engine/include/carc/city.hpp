#pragma once
// The City of Carcassonne with the Count (Count, King and Cult): the bookkeeping a State keeps
// while completed features wait for followers from the quarters (docs/ckc-city.md).

#include <array>
#include <cstdint>

#include "carc/static_vector.hpp"
#include "carc/types.hpp"

namespace carc {

// A feature about to be scored: its union-find root, and a segment of it where followers
// moved onto it stand (on the tile just laid for roads and cities, the building's own tile
// for cloisters and shrines).
struct PendingFeature {
    std::int16_t root = 0;
    std::uint8_t tile = 0;
    std::int8_t segment = -1;
    friend bool operator==(const PendingFeature&, const PendingFeature&) = default;
};

inline constexpr int max_pending_features = 64;

struct CityState {
    // Features waiting to be scored, first one next (during play: completed by the tile just
    // laid; at the end, with any-quarter redeployment: the incomplete occupied ones).
    StaticVector<PendingFeature, max_pending_features> pending;
    // Seats of the round done with pending[0] (redeploy), or seats the market round has
    // moved past (market_move), counted from the first seat of the round.
    std::uint8_t step = 0;
    bool final = false;  // the pending features are scored at game end
    // Scores when this turn's scoring began: the quarter placement needs the turn player to
    // have gained nothing while someone else gained.
    std::array<std::int32_t, max_players> scores_before{};
    friend bool operator==(const CityState&, const CityState&) = default;
};

}  // namespace carc
