#include "ckc_text.hpp"

#include "i18n.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

std::string quarter(const json& j) { return tr("quarter." + j.value("quarter", std::string("castle"))); }

std::string game_string(const json& game, const char* key) {
    return game.is_object() && game.contains(key) && game[key].is_string() ? game[key].get<std::string>() : "";
}

}  // namespace

std::string describe_ckc_event(const json& ev, const SeatNamer& name) {
    const std::string type = ev.value("type", std::string());
    const std::string who = ev.contains("player") && ev["player"].is_number_integer() ? name(ev["player"].get<int>()) : "";
    const bool king = ev.value("feature", std::string()) == "city";
    const std::string count = std::to_string(ev.value("count", 0));
    if (type == "quarter_follower_placed") return tr("log.quarter_follower", {{"who", who}, {"quarter", quarter(ev)}});
    if (type == "count_moved") return tr("log.count_moved", {{"quarter", quarter(ev)}});
    if (type == "follower_moved")
        return tr("log.follower_moved", {{"who", who}, {"quarter", quarter(ev)},
                                         {"onto", feature_onto(ev.value("feature", std::string()))},
                                         {"feature", feature_name(ev.value("feature", std::string()))}, {"at", at_text(ev)}});
    if (type == "token_taken") return tr(king ? "log.king_taken" : "log.robber_taken", {{"who", who}, {"count", count}});
    if (type == "token_scored")
        return tr(king ? "log.king_scored" : "log.robber_scored",
                  {{"who", who}, {"points", tr("log.points", {{"count", std::to_string(ev.value("points", 0))}})}, {"count", count}});
    if (type == "tile_set_aside") return tr("log.tile_set_aside", {{"who", who}, {"tile", ev.value("tile", std::string())}});
    return "";
}

std::string describe_ckc_action(const json& a, const json& game) {
    const std::string type = a.value("type", std::string());
    const std::string phase = game_string(game, "phase");
    if (type == "city_follower") return tr("choice.city_follower", {{"quarter", quarter(a)}});
    if (type == "move_count") return tr("choice.move_count", {{"quarter", quarter(a)}});
    if (type == "redeploy") {
        const json onto = game.is_object() ? game.value("redeploy_onto", json()) : json();
        if (onto.is_object())
            return tr("choice.redeploy_onto", {{"quarter", quarter(a)}, {"onto", feature_onto(onto.value("feature", std::string()))},
                                               {"feature", feature_name(onto.value("feature", std::string()))}, {"at", at_text(onto)}});
        return tr("choice.redeploy", {{"quarter", quarter(a)}});
    }
    if (type == "market_move") return tr("choice.market_move", {{"at", at_text(a)}});
    if (type == "pass" && phase == "city_follower") return tr("choice.pass_city");
    if (type == "pass" && phase == "move_count")
        return tr("choice.pass_count", {{"quarter", tr("quarter." + game_string(game, "count_quarter"))}});
    if (type == "pass" && phase == "redeploy") return tr("choice.pass_redeploy");
    return "";
}

}  // namespace carc::term
