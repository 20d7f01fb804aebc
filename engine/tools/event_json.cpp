#include "event_json.hpp"

#include "carc/action.hpp"

namespace carc::sim {

using nlohmann::json;

json event_to_json(const Event& e, const TileCatalog& tiles) {
    json j;
    j["type"] = std::string(to_string(e.type));
    if (e.player != no_player) j["player"] = e.player;
    switch (e.type) {
        case EventType::tile_drawn:
        case EventType::tile_discarded:
            j["tile"] = tiles.at(e.tile).id;
            break;
        case EventType::tile_placed:
            j["tile"] = tiles.at(e.tile).id;
            j["at"] = {e.at.x, e.at.y};
            j["rotation"] = e.rotation * 90;
            break;
        case EventType::follower_placed:
        case EventType::follower_returned:
            j["at"] = {e.at.x, e.at.y};
            j["feature"] = std::string(to_string(e.feature));
            j["segment"] = e.segment;
            break;
        case EventType::feature_scored: {
            j["feature"] = std::string(to_string(e.feature));
            j["scorers"] = e.scorers;
            j["points"] = e.points;
            j["final"] = e.final;
            j["completed"] = e.completed;
            j["detail"] = e.detail;
            json cells = json::array();
            for (auto c : e.tiles) cells.push_back({c.x, c.y});
            j["tiles"] = cells;
            break;
        }
        case EventType::floor_added:  // The Tower
            j["at"] = {e.at.x, e.at.y};
            j["height"] = e.count;
            break;
        case EventType::follower_captured:
            j["at"] = {e.at.x, e.at.y};
            j["owner"] = e.target_player;
            j["feature"] = std::string(to_string(e.feature));  // "foundation": on a tower
            break;
        case EventType::count_moved:  // City of Carcassonne
        case EventType::quarter_follower_placed:
            j["quarter"] = std::string(to_string(static_cast<Quarter>(e.quarter)));
            break;
        case EventType::follower_moved:
            j["quarter"] = std::string(to_string(static_cast<Quarter>(e.quarter)));
            j["at"] = {e.at.x, e.at.y};
            j["feature"] = std::string(to_string(e.feature));
            j["segment"] = e.segment;
            break;
        case EventType::tile_set_aside:  // River II
            j["tile"] = tiles.at(e.tile).id;
            break;
        case EventType::token_taken:  // King (city) or Robber Baron (road)
        case EventType::token_scored:
            j["feature"] = std::string(to_string(e.feature));
            j["count"] = e.count;
            if (e.type == EventType::token_scored) j["points"] = e.points;
            break;
        default:
            if (e.target_player != no_player) j["target_player"] = e.target_player;
            if (e.points) j["points"] = e.points;
            if (e.count) j["count"] = e.count;
            break;
    }
    return j;
}

bool config_from_json(const json& j, GameConfig& config, std::string& error) {
    const std::string game = j.value("game", "carcassonne");
    if (game == "carcassonne") config.rules = RuleSystem::carcassonne;
    else if (game == "castle") config.rules = RuleSystem::castle;
    else {
        error = "unknown game '" + game + "' (carcassonne or castle)";
        return false;
    }
    config.players = j.value("players", config.rules == RuleSystem::castle ? 2 : 2);
    for (const auto& name : j.value("expansions", json::array())) {
        const std::string n = name.is_string() ? name.get<std::string>() : "";
        auto& ex = config.expansions;
        if (n == "tower") ex.tower = true;
        else if (n == "river2") ex.river2 = true;
        else if (n == "count") ex.count = true;
        else if (n == "king_robber") ex.king_robber = true;
        else if (n == "cult") ex.cult = true;
        else if (n == "ckc") ex.river2 = ex.count = ex.king_robber = ex.cult = true;
        else {
            error = "unknown expansion '" + n + "'";
            return false;
        }
    }
    // The Tower in part: {"options": {"tower_tiles": false}} or {"tower_rules": false}.
    const json options = j.value("options", json::object());
    if (!options.is_object()) {
        error = "\"options\" must be an object";
        return false;
    }
    config.options.tower_tiles = options.value("tower_tiles", config.options.tower_tiles);
    config.options.tower_rules = options.value("tower_rules", config.options.tower_rules);
    // The City of Carcassonne (docs/ckc-city.md).
    config.options.count_market_only_at_end =
        options.value("count_market_only_at_end", config.options.count_market_only_at_end);
    // River II: {"lake_extra_turn": false}, {"alt_start_keeps_start_tile": true}.
    config.options.lake_extra_turn = options.value("lake_extra_turn", config.options.lake_extra_turn);
    config.options.alt_start_keeps_start_tile =
        options.value("alt_start_keeps_start_tile", config.options.alt_start_keeps_start_tile);
    return true;
}

}  // namespace carc::sim
