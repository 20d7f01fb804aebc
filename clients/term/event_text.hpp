#pragma once
// One-line English descriptions of events (the log) and legal actions (the choice lists).

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

// "road", "city", ... for a segment of a tile, "" if unknown.
std::string segment_kind(const TileBook& tiles, const std::string& tile, int segment);

}  // namespace carc::term
