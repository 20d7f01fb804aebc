#pragma once
// The engine's values on the wire: actions (both ways), events and tiles (server to client).
// Field names and shapes are those of docs/protocol.md.

#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/action.hpp"
#include "carc/event.hpp"
#include "carc/tiles.hpp"

namespace carc::protocol {

nlohmann::json action_to_json(const Action& action);
// Throws WireError(bad_field) on an unknown type or a missing / out-of-range field.
Action action_from_json(const nlohmann::json& value);
nlohmann::json actions_to_json(const std::vector<Action>& actions);

// Only the fields the event's type uses.
nlohmann::json event_to_json(const Event& event, const TileCatalog& catalog);
nlohmann::json events_to_json(const std::vector<Event>& events, const TileCatalog& catalog);

// "NL", "NM", ... "WR" for port indices 0..11.
std::string_view port_name(int port);
nlohmann::json tile_to_json(const TileType& tile);
nlohmann::json catalog_to_json(const TileCatalog& catalog);  // {"tiles": [...]}
// catalog_to_json of the built-in catalogue, built once per process.
const nlohmann::json& builtin_catalog_json();

}  // namespace carc::protocol
