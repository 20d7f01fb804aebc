#pragma once
// The City of Carcassonne's fields of a scripted move (docs/scripts.md, "The City of
// Carcassonne"):
//   "redeploy": [{"player": 1, "quarter": "blacksmith"}, ...]  followers onto completed features
//   "quarter": "castle", "count": "market"                     follower into the City, Count move
//   "market": [{"at": [x, y], "field": "NL"}, ...]               game end: market onto fields

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "carc/match.hpp"

namespace carc::sim {

// Plays the City's decisions the engine asks for after the move's follower step, taking them
// from the move; passes where the move names nothing. False with `error` on a refusal or an
// entry the game never asked for. With `stop_at_final_scoring` (a script's "finish": false) it
// stops as soon as the final scoring has begun: the end-game decisions (the market move, the
// redeployments of the final scoring) are not asked for, so entries meant for them are errors.
bool play_city_decisions(Match& match, const nlohmann::json& move, std::vector<Event>& events,
                         std::string& error, bool stop_at_final_scoring = false);

}  // namespace carc::sim
