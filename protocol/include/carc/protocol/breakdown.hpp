#pragma once
// Where each player's points came from, by feature kind, for the end-of-game screen. Counted
// from the events the engine emits as the game goes (a room keeps the count), or rebuilt from a
// match's log.

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

// Rebuilt by replaying the match's log.
ScoreBreakdown score_breakdown(const Match& match);

// Counting as the game goes: `counted` starts with one empty map per seat and takes each
// accepted action's events; `settle_breakdown` then adds `other` for what the events do not
// explain and drops kinds with 0 points, as score_breakdown does.
void count_points(ScoreBreakdown& counted, std::span<const Event> events);
ScoreBreakdown settle_breakdown(ScoreBreakdown counted, const State& state);

}  // namespace carc::protocol
