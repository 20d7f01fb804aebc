#pragma once
// The City of Carcassonne read out of a view: where its block lies, who stands in which
// quarter, where the Count is, and which choice number belongs to which quarter.

#include <optional>
#include <vector>

#include "board_scene.hpp"
#include "client_model.hpp"

namespace carc::term {

// The quarters in drawing order (castle and blacksmith above, cathedral and market below).
inline constexpr std::array<const char*, 4> city_quarters = {"castle", "blacksmith", "cathedral", "market"};

// Nothing without the City (no CO-1 on the board). `options`: the current decision's choices;
// city_follower / move_count / redeploy choices put their number on their quarter.
std::optional<SceneCity> scene_city(const json& game, const std::vector<json>& options);

// Phase redeploy: the segment of the feature about to be scored, marked with the number of the
// redeploy choice (or '!' when the viewer has no such choice).
std::optional<SceneMark> redeploy_mark(const json& game, const std::vector<json>& options);

// Where the board should look for a City decision: the feature of a redeployment, the City's
// middle for a follower into a quarter or a Count move; nothing otherwise.
std::optional<BoardCoord> city_focus(const json& game);

}  // namespace carc::term
