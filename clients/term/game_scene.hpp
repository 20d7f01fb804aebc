#pragma once
// Reads a room's view (and the player's cursor) into the BoardScene the renderer draws.

#include <optional>
#include <string>
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
// The City's market move (a follower onto any of 160 and more fields) is picked on the board
// when it has more than 9 choices, each with its cell.
bool picked_on_board(const std::vector<json>& options);
// The cells of such choices, once each, in the server's order.
std::vector<BoardCoord> option_cells(const std::vector<json>& options);
// The choices listed and numbered now: all of them, or for a decision picked on the board those
// on the cursor's cell (and pass).
std::vector<json> shown_options(const ClientModel& model, BoardCoord cursor);
// Whether the options after a placement are its follower step (followers, a tower floor or top,
// pass), chosen with the tile held; any other decision is made once the tile is laid.
bool follower_step(const std::vector<json>& options);
// The `pass` among them (the default of an optional step: no follower, no capture, ...).
std::optional<std::size_t> pass_option(const std::vector<json>& options);

// Why the drawn tile cannot be laid at `cell` turned `rotation` ("" when it can, or when it is
// not the viewer's placement): another rotation fits, the cell is taken, no neighbour, the
// river, or the edges.
std::string misfit_reason(const ClientModel& model, BoardCoord cell, int rotation);

// Cells where the drawn tile fits, once each, in the order of the server's list.
std::vector<BoardCoord> legal_cells(const std::vector<Placement>& placements);
// The rotations that fit at `cell`.
std::vector<int> legal_rotations(const std::vector<Placement>& placements, BoardCoord cell);

BoardScene build_scene(const ClientModel& model, const BoardCursor& cursor);

// The Tower: a player whose follower another player holds may buy it back (3 points) during
// their own turn. The seat holding one of `me`'s followers, or -1.
int ransom_holder(const json& game, int me);

// game.players: one object per seat (score, supply, floors, prisoners); empty if missing.
json player_states(const json& game);

// Parts of build_scene, for tests that have no model.
std::vector<SceneTile> scene_tiles(const json& game);
std::vector<SceneFollower> scene_followers(const json& game);
void add_castle_wall(BoardScene& scene, const json& game);

}  // namespace carc::term
