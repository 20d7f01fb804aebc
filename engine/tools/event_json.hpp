#pragma once
// JSON for engine events and configuration names in carc-sim's output.

#include <nlohmann/json.hpp>

#include "carc/event.hpp"
#include "carc/game.hpp"

namespace carc::sim {

nlohmann::json event_to_json(const Event& e, const TileCatalog& tiles);
// Reads "game", "players", "expansions" (and "options") of a script or command line.
bool config_from_json(const nlohmann::json& j, GameConfig& config, std::string& error);

}  // namespace carc::sim
