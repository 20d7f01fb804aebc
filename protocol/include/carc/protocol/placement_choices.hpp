#pragma once
// The drawn tile's legal placements, each with what its placer may do right after laying it
// there (the follower spots, a tower floor, passing), sent in the placer's own view
// (`you.placements`, docs/protocol.md) so that choosing a square and a follower needs no query
// and the two can be sent as one action message.

#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/state.hpp"

namespace carc::protocol {

struct PlacementChoice {
    Action placement;         // a place_tile action
    std::vector<Action> then;  // the placer's options once it is laid; empty: laying ends the decision
    friend bool operator==(const PlacementChoice&, const PlacementChoice&) = default;
};
using PlacementChoices = std::vector<PlacementChoice>;

// Every legal placement of `state`'s drawn tile (none outside phase place_tile). Ransoms are
// left out of `then`: they are open all turn long, not a step of the placement.
PlacementChoices placement_choices(const State& state);

// Compact: one array per placement, `[x, y, rotation, option...]`, an option being a segment
// number (place_follower there), -1 (pass) or the action as an object (anything else).
nlohmann::json placement_choices_to_json(const PlacementChoices& choices);

}  // namespace carc::protocol
