#include "game_scene.hpp"

#include <algorithm>

#include "carc/castle.hpp"
#include "city_scene.hpp"
#include "tile_art.hpp"

namespace carc::term {

namespace {

BoardCoord coord_of(const json& j) { return {j.value("x", 0), j.value("y", 0)}; }

const json* tile_json_at(const json& game, BoardCoord at) {
    for (const auto& t : game.value("board", json::array()))
        if (coord_of(t) == at) return &t;
    return nullptr;
}

}  // namespace

std::vector<json> decision_options(const ClientModel& model) {
    if (!model.my_decision()) return {};
    return model.view()["you"]["legal"].get<std::vector<json>>();
}

std::vector<BoardCoord> legal_cells(const std::vector<Placement>& placements) {
    std::vector<BoardCoord> out;
    for (const Placement& p : placements) {
        const BoardCoord c{p.x, p.y};
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
    return out;
}

std::vector<int> legal_rotations(const std::vector<Placement>& placements, BoardCoord cell) {
    std::vector<int> out;
    for (const Placement& p : placements)
        if (BoardCoord{p.x, p.y} == cell) out.push_back(p.rotation);
    return out;
}

json player_states(const json& game) {
    if (!game.is_object() || !game.contains("players") || !game["players"].is_array()) return json::array();
    return game["players"];
}

std::vector<SceneTile> scene_tiles(const json& game) {
    std::vector<SceneTile> out;
    for (const auto& t : game.value("board", json::array()))
        out.push_back({coord_of(t), t.value("tile", std::string()), t.value("rotation", 0), t.value("height", 0)});
    return out;
}

std::vector<SceneFollower> scene_followers(const json& game) {
    std::vector<SceneFollower> out;
    for (const auto& f : game.value("followers", json::array())) {
        const std::string spot = f.value("spot", std::string());
        if (spot == "feature") out.push_back({f.value("owner", 0), coord_of(f), f.value("segment", 0)});
        else if (spot == "tower") out.push_back({f.value("owner", 0), coord_of(f), tower_top_segment});
    }
    return out;
}

void add_castle_wall(BoardScene& scene, const json& game) {
    if (game.value("rules", std::string()) != "castle") return;
    const CastleBoard& board = CastleBoard::instance();
    std::vector<int> with_token;
    if (game.contains("castle"))
        for (const auto& slot : game["castle"].value("towers_with_token", json::array()))
            if (slot.is_number_integer() && slot.get<int>() >= 0 &&
                slot.get<int>() < static_cast<int>(board.token_towers().size()))
                with_token.push_back(board.token_towers()[static_cast<std::size_t>(slot.get<int>())]);
    for (std::size_t i = 0; i < board.wall().size(); ++i) {
        const CastleWallCell& w = board.wall()[i];
        const bool token = std::find(with_token.begin(), with_token.end(), static_cast<int>(i)) != with_token.end();
        scene.wall.push_back({{w.at.x, w.at.y}, w.first_number, w.tower, token});
    }
    for (const Coord& c : board.interior()) scene.interior.push_back({c.x, c.y});
    for (const auto& p : player_states(game)) scene.track_scores.push_back(p.value("score", 0));
}

BoardScene build_scene(const ClientModel& model, const BoardCursor& cursor) {
    BoardScene scene;
    const json& game = model.game();
    if (!game.is_object()) return scene;
    scene.tiles = scene_tiles(game);
    scene.followers = scene_followers(game);
    add_castle_wall(scene, game);
    scene.cursor = cursor.at;
    if (model.my_placement() && model.placements_ready()) {
        scene.legal = legal_cells(model.placements());
        const auto rotations = legal_rotations(model.placements(), cursor.at);
        if (!rotations.empty() && game["drawn_tile"].is_string())
            scene.preview = SceneTile{cursor.at, game["drawn_tile"].get<std::string>(), cursor.rotation, 0};
    }
    // Number the choices on the board where they have a place.
    const std::vector<json> options = decision_options(model);
    const json last = game.value("board", json::array()).empty() ? json() : game["board"].back();
    for (std::size_t i = 0; i < options.size() && i < 9; ++i) {
        const json& o = options[i];
        const std::string type = o.value("type", std::string());
        const char letter = static_cast<char>('1' + i);
        if (type == "place_follower" || type == "market_move") {
            const BoardCoord at = o.contains("x") ? coord_of(o) : coord_of(last);
            scene.marks.push_back({at, o.value("segment", 0), letter});
        } else if (type == "add_floor" || type == "tower_follower") {
            scene.marks.push_back({coord_of(o), tower_top_segment, letter});
        } else if (type == "capture") {
            const json followers = game.value("followers", json::array());
            const int t = o.value("target", -1);
            if (t < 0 || t >= static_cast<int>(followers.size())) continue;
            const json& f = followers[static_cast<std::size_t>(t)];
            if (!tile_json_at(game, coord_of(f))) continue;
            const int segment = f.value("spot", std::string()) == "tower" ? tower_top_segment : f.value("segment", 0);
            scene.marks.push_back({coord_of(f), segment, letter});
        }
    }
    scene.city = scene_city(game, options);
    if (const auto mark = redeploy_mark(game, options)) scene.marks.push_back(*mark);
    return scene;
}

}  // namespace carc::term
