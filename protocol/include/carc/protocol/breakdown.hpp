#pragma once
// Where each player's points came from, by feature kind, for the end-of-game screen. Rebuilt
// from a match's log, so it is exact whenever it is asked (a client that reconnected mid-game
// never saw the earlier scoring events).

#include <map>
#include <span>
#include <string>
#include <vector>

#include "carc/match.hpp"

namespace carc::protocol {

// Per seat: points by kind. Kinds are the feature names of events (`city`, `road`, `field`,
// `cloister`, `shrine`, `street`, `castle_tower`, `house`, `courtyard`), plus `keep`,
// `wall_tokens`, `ransom` (paid negative, received positive) and `other` for whatever remains,
// so each seat's kinds add up to its score. Kinds with 0 points are left out.
using ScoreBreakdown = std::vector<std::map<std::string, int>>;

ScoreBreakdown score_breakdown(const Match& match);
// The same for a match that keeps no log of its own: `actions` is its log.
ScoreBreakdown score_breakdown(const Match& match, std::span<const Action> actions);

}  // namespace carc::protocol
