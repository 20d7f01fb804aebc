#include "script_config.hpp"

namespace carc::sim {

using nlohmann::json;

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
