#include "carc/protocol/placement_choices.hpp"

#include <algorithm>

#include "carc/protocol/engine_json.hpp"

namespace carc::protocol {

using nlohmann::json;

PlacementChoices placement_choices(const State& state) {
    PlacementChoices out;
    if (state.is_over() || state.phase() != Phase::place_tile) return out;
    std::vector<Action> placements;
    state.legal_placements(placements);
    out.reserve(placements.size());
    for (const Action& placement : placements) {
        PlacementChoice choice{placement, {}};
        if (state.follower_options_after(placement, choice.then)) continue;  // legal_placements listed it
        std::erase_if(choice.then, [](const Action& a) { return a.type == ActionType::ransom; });
        out.push_back(std::move(choice));
    }
    return out;
}

json placement_choices_to_json(const PlacementChoices& choices) {
    json out = json::array();
    for (const PlacementChoice& choice : choices) {
        json entry = {choice.placement.at.x, choice.placement.at.y, choice.placement.rotation};
        for (const Action& a : choice.then) {
            if (a.type == ActionType::place_follower) entry.push_back(a.segment);
            else if (a.type == ActionType::pass) entry.push_back(-1);
            else entry.push_back(action_to_json(a));
        }
        out.push_back(std::move(entry));
    }
    return out;
}

}  // namespace carc::protocol
