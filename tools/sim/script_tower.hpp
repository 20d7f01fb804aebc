#pragma once
// The Tower's fields of a scripted move (docs/scripts.md, "The Tower"):
//   "tower": {"floor": [x, y], "capture": {"at": [x, y], "owner": 1, "on": "city"}}
//   "tower": {"follower": [x, y]}
//   "ransom": {"from": 1, "when": "before_tile" | "after_tile"}

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "carc/match.hpp"

namespace carc::sim {

// Pays the move's "ransom" if it is due at `moment` ("before_tile" or "after_tile").
bool play_scripted_ransom(Match& match, const nlohmann::json& move, std::string_view moment,
                          std::vector<Event>& events, std::string& error);

// The action the move's "tower" names instead of a follower; false with `error` if malformed.
bool scripted_tower_action(const nlohmann::json& tower, Action& out, std::string& error);

// After a floor: captures the follower the move's "tower.capture" names, or passes.
bool play_scripted_capture(Match& match, const nlohmann::json& move, std::vector<Event>& events,
                           std::string& error);

}  // namespace carc::sim
