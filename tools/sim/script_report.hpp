#pragma once
// The report of a played script, {"finished", "scores", "events"}, shared by every rule
// system's replay (docs/scripts.md).

#include <nlohmann/json.hpp>
#include <vector>

#include "carc/state.hpp"

namespace carc::sim {

// With `finish` the whole game as played. Without it (a script's "finish": false) the report
// stops exactly where the final scoring begins: the events from `final_scoring` on are left
// out, and every point they gave (features, farms, the King and the Robber Baron, keeps, wall
// tokens) is taken back from the scores, which are then the scores of the game so far.
nlohmann::json script_report(const State& state, const std::vector<Event>& events, bool finish);

}  // namespace carc::sim
