#pragma once
// The game configuration of a carc-sim script or command line. Events are printed with the
// protocol's event_to_json (docs/protocol.md#events), so the server and carc-sim agree.

#include <string>

#include <nlohmann/json.hpp>

#include "carc/game.hpp"

namespace carc::sim {

// Reads "game", "players", "expansions" (and "options") of a script or command line.
bool config_from_json(const nlohmann::json& j, GameConfig& config, std::string& error);

}  // namespace carc::sim
