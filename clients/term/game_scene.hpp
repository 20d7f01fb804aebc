#pragma once
// Reads a room's view (and the player's cursor) into the BoardScene the renderer draws.

#include <vector>

#include "board_scene.hpp"
#include "client_model.hpp"

namespace carc::term {

struct BoardCursor {
    BoardCoord at;
    int rotation = 0;
};

// The numbered choices of the current decision: view.you.legal, in the server's order.
std::vector<json> decision_options(const ClientModel& model);

// Cells where the drawn tile fits, once each, in the order of the server's list.
std::vector<BoardCoord> legal_cells(const std::vector<Placement>& placements);
// The rotations that fit at `cell`.
std::vector<int> legal_rotations(const std::vector<Placement>& placements, BoardCoord cell);

BoardScene build_scene(const ClientModel& model, const BoardCursor& cursor);

// game.players: one object per seat (score, supply, floors, prisoners); empty if missing.
json player_states(const json& game);

// Parts of build_scene, for tests that have no model.
std::vector<SceneTile> scene_tiles(const json& game);
std::vector<SceneFollower> scene_followers(const json& game);
void add_castle_wall(BoardScene& scene, const json& game);

}  // namespace carc::term
