#include "game_scene.hpp"

#include <algorithm>

#include "choice_list.hpp"
#include "city_scene.hpp"
#include "i18n.hpp"
#include "tile_art.hpp"

namespace carc::term {

namespace {

BoardCoord coord_of(const json& j) { return {j.value("x", 0), j.value("y", 0)}; }

const json* tile_json_at(const json& game, BoardCoord at) {
    for (const auto& t : game.value("board", json::array()))
        if (coord_of(t) == at) return &t;
    return nullptr;
}

// A tile of the pending scoring `target` for its number: the first without a scoring's number on
// it yet, else its first (where a doubled scoring's number goes beside the plain one's).
std::optional<BoardCoord> scoring_cell(const json& game, int target, const std::vector<SceneMark>& marks) {
    const json pending = game.contains("castle") && game["castle"].is_object()
                             ? game["castle"].value("pending", json::array())
                             : json::array();
    if (target < 0 || target >= static_cast<int>(pending.size())) return std::nullopt;
    const json tiles = pending[static_cast<std::size_t>(target)].value("tiles", json::array());
    std::optional<BoardCoord> first;
    for (const json& t : tiles) {
        if (!t.is_array() || t.size() < 2) continue;
        const BoardCoord at{t[0].get<int>(), t[1].get<int>()};
        if (!first) first = at;
        if (std::none_of(marks.begin(), marks.end(), [&](const SceneMark& m) { return m.at == at; })) return at;
    }
    return first;
}

}  // namespace

std::vector<json> decision_options(const ClientModel& model) {
    if (!model.my_decision()) return {};
    if (model.held_placement()) return model.held_placement()->options;
    return model.view()["you"]["legal"].get<std::vector<json>>();
}

bool picked_on_board(const std::vector<json>& options) {
    if (options.size() <= 9) return false;
    for (const json& o : options)
        if (o.value("type", std::string()) != "market_move" || !(o.contains("x") && o.contains("y"))) return false;
    return true;
}

std::vector<BoardCoord> option_cells(const std::vector<json>& options) {
    std::vector<BoardCoord> cells;
    for (const json& o : options)
        if (o.contains("x") && o.contains("y") && std::find(cells.begin(), cells.end(), coord_of(o)) == cells.end())
            cells.push_back(coord_of(o));
    return cells;
}

std::vector<json> shown_options(const ClientModel& model, BoardCoord cursor) {
    std::vector<json> options = decision_options(model);
    if (!picked_on_board(options)) return options;
    std::erase_if(options, [&](const json& o) { return o.value("type", std::string()) != "pass" && coord_of(o) != cursor; });
    return options;
}

bool follower_step(const std::vector<json>& options) {
    return !options.empty() && std::all_of(options.begin(), options.end(), [](const json& o) {
        const std::string type = o.value("type", std::string());
        return type == "place_follower" || type == "add_floor" || type == "tower_follower" || type == "pass";
    });
}

std::optional<std::size_t> pass_option(const std::vector<json>& options) {
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].value("type", std::string()) == "pass") return i;
    return std::nullopt;
}

std::string misfit_reason(const ClientModel& model, BoardCoord cell, int rotation) {
    const json& game = model.game();
    if (!model.my_placement() || !model.placements_ready()) return "";
    const auto rotations = legal_rotations(model.placements(), cell);
    if (std::find(rotations.begin(), rotations.end(), rotation) != rotations.end()) return "";
    if (!rotations.empty()) return tr("fit.turn");
    if (tile_json_at(game, cell)) return tr("fit.taken");
    bool neighbour = false;
    for (const BoardCoord d : {BoardCoord{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
        if (tile_json_at(game, {cell.x + d.x, cell.y + d.y})) neighbour = true;
    if (!neighbour) return tr("fit.alone");
    if (game.value("drawn_tile", json()).is_string() && game["drawn_tile"].get<std::string>().rfind("R", 0) == 0)
        return tr("fit.river");
    return tr("fit.edges");
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

int ransom_holder(const json& game, int me) {
    if (!game.is_object() || game.value("turn_player", -1) != me || !game["result"].is_null()) return -1;
    const json players = player_states(game);
    for (std::size_t holder = 0; holder < players.size(); ++holder) {
        const json prisoners = players[holder].value("prisoners", json::array());
        if (static_cast<int>(holder) != me && me >= 0 && me < static_cast<int>(prisoners.size()) &&
            prisoners[static_cast<std::size_t>(me)].is_number_integer() && prisoners[static_cast<std::size_t>(me)].get<int>() > 0)
            return static_cast<int>(holder);
    }
    return -1;
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

// The walled board's layout comes with every view of The Castle (game.castle.board).
void add_castle_wall(BoardScene& scene, const json& game) {
    if (game.value("rules", std::string()) != "castle" || !game.contains("castle") || !game["castle"].is_object()) return;
    const json& castle = game["castle"];
    const json board = castle.value("board", json::object());
    std::vector<int> with_token;
    for (const auto& slot : castle.value("towers_with_token", json::array()))
        if (slot.is_number_integer()) with_token.push_back(slot.get<int>());
    for (const auto& w : board.value("wall", json::array())) {
        const int slot = w.value("slot", -1);
        const bool token = slot >= 0 && std::find(with_token.begin(), with_token.end(), slot) != with_token.end();
        scene.wall.push_back({coord_of(w), w.value("track", 0), w.value("tower", false), token});
    }
    for (const auto& c : board.value("interior", json::array()))
        if (c.is_array() && c.size() == 2) scene.interior.push_back({c[0].get<int>(), c[1].get<int>()});
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
    for (const auto& [seat, at] : model.last_tiles())
        if (seat != model.my_seat()) scene.last_tiles.emplace_back(at, seat);
    if (model.my_placement() && model.placements_ready()) {
        scene.legal = legal_cells(model.placements());
        const auto rotations = legal_rotations(model.placements(), cursor.at);
        scene.cursor_fits = std::find(rotations.begin(), rotations.end(), cursor.rotation) != rotations.end();
        if (scene.cursor_fits && game["drawn_tile"].is_string())
            scene.preview = SceneTile{cursor.at, game["drawn_tile"].get<std::string>(), cursor.rotation, 0};
    }
    // The placement held for its follower choice shows as laid.
    const auto& held = model.held_placement();
    if (held && game["drawn_tile"].is_string())
        scene.tiles.push_back({{held->x, held->y}, game["drawn_tile"].get<std::string>(), held->rotation, 0});
    // Number the choices on the board where they have a place.
    const std::vector<json> options = shown_options(model, cursor.at);
    const json last = held ? json{{"x", held->x}, {"y", held->y}}
                           : game.value("board", json::array()).empty() ? json() : game["board"].back();
    const auto keys = choice_keys(options);
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (keys[i].size() != 1 || keys[i] == "p") continue;
        const json& o = options[i];
        const std::string type = o.value("type", std::string());
        const char letter = keys[i][0];
        if (type == "place_follower" || type == "market_move") {
            const BoardCoord at = o.contains("x") ? coord_of(o) : coord_of(last);
            scene.marks.push_back({at, o.value("segment", 0), letter});
        } else if (type == "add_floor" || type == "tower_follower") {
            scene.marks.push_back({coord_of(o), type == "add_floor" ? tower_floor_segment : tower_top_segment, letter});
        } else if (type == "capture") {
            const json followers = game.value("followers", json::array());
            const int t = o.value("target", -1);
            if (t < 0 || t >= static_cast<int>(followers.size())) continue;
            const json& f = followers[static_cast<std::size_t>(t)];
            if (!tile_json_at(game, coord_of(f))) continue;
            const int segment = f.value("spot", std::string()) == "tower" ? tower_top_segment : f.value("segment", 0);
            scene.marks.push_back({coord_of(f), segment, letter});
        } else if (type == "choose_scoring") {
            // The Castle's scoring order: the number on a tile of the feature it scores (one no
            // other scoring marks yet), a doubled scoring beside its plain one.
            if (const auto at = scoring_cell(game, o.value("target", -1), scene.marks))
                scene.marks.push_back({*at, o.value("token", -1) > 0 ? tile_beside_segment : tile_middle_segment, letter});
        }
    }
    scene.city = scene_city(game, options);
    if (const auto mark = redeploy_mark(game, options)) scene.marks.push_back(*mark);
    return scene;
}

}  // namespace carc::term
