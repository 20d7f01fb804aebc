#include "ckc_text.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

std::string at(const json& j) {
    return "(" + std::to_string(j.value("x", 0)) + "," + std::to_string(j.value("y", 0)) + ")";
}

std::string quarter(const json& j) { return "the " + j.value("quarter", std::string("?")) + " quarter"; }

std::string game_string(const json& game, const char* key) {
    return game.is_object() && game.contains(key) && game[key].is_string() ? game[key].get<std::string>() : "";
}

}  // namespace

std::string describe_ckc_event(const json& ev, const SeatNamer& name) {
    const std::string type = ev.value("type", std::string());
    const std::string who = ev.contains("player") && ev["player"].is_number_integer() ? name(ev["player"].get<int>()) : "";
    const bool king = ev.value("feature", std::string()) == "city";
    const std::string figure = king ? "the King" : "the Robber Baron";
    if (type == "quarter_follower_placed") return who + " put a follower into " + quarter(ev);
    if (type == "count_moved") return "The Count moved to " + quarter(ev);
    if (type == "follower_moved")
        return who + " moved a follower from " + quarter(ev) + " onto the " + ev.value("feature", std::string("feature")) +
               " at " + at(ev);
    if (type == "token_taken")
        return who + " took " + figure + " (" + (king ? "city" : "road") + " of " + std::to_string(ev.value("count", 0)) +
               " tiles)";
    if (type == "token_scored")
        return who + "'s " + (king ? "King" : "Robber Baron") + " scored " + std::to_string(ev.value("points", 0)) +
               " for " + std::to_string(ev.value("count", 0)) + " completed " + (king ? "cities" : "roads");
    if (type == "tile_set_aside")
        return who + "'s river tile " + ev.value("tile", std::string()) + " fit nowhere: back under the river stack";
    return "";
}

std::string describe_ckc_action(const json& a, const json& game) {
    const std::string type = a.value("type", std::string());
    const std::string phase = game_string(game, "phase");
    if (type == "city_follower") return "put a follower into " + quarter(a);
    if (type == "move_count") return "move the Count to " + quarter(a);
    if (type == "redeploy") {
        const json onto = game.is_object() ? game.value("redeploy_onto", json()) : json();
        std::string out = "move a follower from " + quarter(a);
        if (onto.is_object()) out += " onto the " + onto.value("feature", std::string("feature")) + " at " + at(onto);
        return out;
    }
    if (type == "market_move") return "move a follower from the market to the field at " + at(a);
    if (type == "pass" && phase == "city_follower") return "pass (no follower into the City)";
    if (type == "pass" && phase == "move_count")
        return "pass (the Count stays in the " + game_string(game, "count_quarter") + " quarter)";
    if (type == "pass" && phase == "redeploy") return "pass (no follower joins)";
    return "";
}

}  // namespace carc::term
