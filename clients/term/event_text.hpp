#pragma once
// One-line descriptions of events (the log) and legal actions (the choice lists), in the
// language chosen (i18n.hpp).

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "tile_book.hpp"

namespace carc::term {

using SeatNamer = std::function<std::string(int seat)>;

// Empty for events not worth a log line (turn_started, tile_drawn).
std::string describe_event(const nlohmann::json& event, const SeatNamer& name);

// `game` is the view's game (for followers and the drawn tile), `tiles` names segments.
std::string describe_action(const nlohmann::json& action, const nlohmann::json& game,
                            const TileBook& tiles, const SeatNamer& name);

// The wire kind ("road", "city", ...) of a segment of a tile, "" if unknown.
std::string segment_kind(const TileBook& tiles, const std::string& tile, int segment);

// "(x,y)"; a feature kind named ("city"), and as the place a follower goes ("on the city").
std::string at_text(const nlohmann::json& j);
std::string feature_name(const std::string& kind);
std::string feature_onto(const std::string& kind);

}  // namespace carc::term
