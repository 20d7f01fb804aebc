#pragma once
// A game's record (GET /api/games/{id}) replayed for the review's replay view: the board after
// any number of its actions, rebuilt from the events each action produced (tiles laid,
// followers placed, returned or captured, tower floors, points scored), as the browser's replay
// does. The record's events say what the rules did, so no rules are needed here. Pure.

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "board_scene.hpp"

namespace carc::term {

struct ReplayFrame {
    std::vector<SceneTile> tiles;
    std::vector<SceneFollower> followers;
    std::vector<int> scores;  // one per seat
    std::vector<std::pair<BoardCoord, int>> last_tiles;  // the last tile each seat laid
};

// How many actions the record holds.
std::size_t replay_length(const nlohmann::json& record);

// The position after the first `step` actions (0: the setup); `step` past the end is the end.
ReplayFrame replay_frame(const nlohmann::json& record, std::size_t step);

// What the renderer draws for a frame, with `ghost` (a better tile placement) shown as the
// cursor's preview.
BoardScene replay_scene(const ReplayFrame& frame, const std::optional<SceneTile>& ghost);

}  // namespace carc::term
