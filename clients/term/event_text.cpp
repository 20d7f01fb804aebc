#include "event_text.hpp"

#include "ckc_text.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

std::string at(const json& j) {
    return "(" + std::to_string(j.value("x", 0)) + "," + std::to_string(j.value("y", 0)) + ")";
}

std::string words(std::string s) {
    if (s == "foundation") return "tower";
    for (char& c : s)
        if (c == '_') c = ' ';
    return s;
}

std::string scorers(const json& ev, const SeatNamer& name) {
    std::string out;
    for (const auto& s : ev.value("scorers", json::array())) {
        if (!out.empty()) out += ", ";
        out += name(s.get<int>());
    }
    return out.empty() ? "nobody" : out;
}

}  // namespace

std::string segment_kind(const TileBook& tiles, const std::string& tile, int segment) {
    const TileInfo* info = tiles.find(tile);
    if (!info || segment < 0 || segment >= static_cast<int>(info->segments.size())) return "";
    return words(info->segments[static_cast<std::size_t>(segment)].kind);
}

std::string describe_event(const json& ev, const SeatNamer& name) {
    const std::string type = ev.value("type", std::string());
    const std::string who = ev.contains("player") && ev["player"].is_number_integer() ? name(ev["player"].get<int>()) : "";
    const std::string target = ev.contains("target_player") && ev["target_player"].is_number_integer()
                                   ? name(ev["target_player"].get<int>()) : "";
    if (type == "turn_started" || type == "tile_drawn") return "";
    if (type == "tile_placed") return who + " laid " + ev.value("tile", std::string()) + " at " + at(ev);
    if (type == "tile_discarded") return who + " discarded " + ev.value("tile", std::string());
    if (type == "follower_placed") return who + " put a follower on the " + words(ev.value("feature", std::string("feature")));
    if (type == "follower_returned") return who + "'s follower came back";
    if (type == "feature_scored" || type == "keep_scored") {
        const std::string what = type == "keep_scored" ? "keep" : words(ev.value("feature", std::string("feature")));
        return (ev.value("final", false) ? "Final: " : "") + what + " scored " +
               std::to_string(ev.value("points", 0)) + " for " + scorers(ev, name);
    }
    if (type == "floor_added") return who + " raised the tower at " + at(ev) + " to " + std::to_string(ev.value("count", 0));
    if (type == "follower_captured") return who + " captured a follower of " + target;
    if (type == "prisoners_exchanged") return who + " and " + target + " exchanged prisoners";
    if (type == "ransom_paid") return who + " paid " + std::to_string(ev.value("points", 0)) + " ransom to " + target;
    if (std::string ckc = describe_ckc_event(ev, name); !ckc.empty()) return ckc;
    if (type == "final_scoring") return "-- final scoring --";
    if (type == "game_over") return "-- game over --";
    // Events without a sentence of their own: the type and the fields that are set.
    std::string out = words(type);
    if (!who.empty()) out += " " + who;
    if (ev.contains("x")) out += " " + at(ev);
    if (ev.contains("points")) out += " " + std::to_string(ev.value("points", 0)) + " pts";
    return out;
}

std::string describe_action(const json& a, const json& game, const TileBook& tiles, const SeatNamer& name) {
    const std::string type = a.value("type", std::string());
    if (std::string ckc = describe_ckc_action(a, game); !ckc.empty()) return ckc;
    if (type == "pass") return "pass";
    if (type == "place_follower") {
        std::string tile = game.is_object() && game.value("drawn_tile", json()).is_string() ? game["drawn_tile"].get<std::string>() : "";
        if (a.contains("x") && game.is_object())
            for (const auto& t : game.value("board", json::array()))
                if (t.value("x", 0) == a.value("x", 0) && t.value("y", 0) == a.value("y", 0)) tile = t.value("tile", std::string());
        if (!a.contains("x") && game.is_object() && !game.value("board", json::array()).empty())
            tile = game["board"].back().value("tile", tile);
        const std::string kind = segment_kind(tiles, tile, a.value("segment", -1));
        return "follower on the " + (kind.empty() ? "segment " + std::to_string(a.value("segment", -1)) : kind) +
               (a.contains("x") ? " at " + at(a) : "");
    }
    if (type == "add_floor") return "add a tower floor at " + at(a);
    if (type == "tower_follower") return "follower on the tower at " + at(a);
    if (type == "capture") {
        const int t = a.value("target", -1);
        const json followers = game.is_object() ? game.value("followers", json::array()) : json::array();
        if (t >= 0 && t < static_cast<int>(followers.size()))
            return "capture " + name(followers[static_cast<std::size_t>(t)].value("owner", 0)) + "'s follower at " +
                   at(followers[static_cast<std::size_t>(t)]);
        return "capture follower " + std::to_string(t);
    }
    if (type == "ransom") return "pay 3 points ransom to " + name(a.value("target", 0));
    if (type == "choose_scoring") {
        std::string out = "score pending #" + std::to_string(a.value("target", 0));
        const json pending = game.is_object() && game.contains("castle") ? game["castle"].value("pending", json::array()) : json::array();
        const int t = a.value("target", -1);
        if (t >= 0 && t < static_cast<int>(pending.size()))
            out = "score " + name(pending[static_cast<std::size_t>(t)].value("owner", 0)) + "'s " +
                  words(pending[static_cast<std::size_t>(t)].value("feature", std::string()));
        if (a.value("token", -1) > 0) out += " doubled with token " + std::to_string(a.value("token", 0));
        return out;
    }
    if (type == "use_token") return "use wall token " + std::to_string(a.value("target", 0));
    // An action this client has no sentence for: its type and fields, still choosable.
    std::string out = words(type);
    for (const auto& [key, value] : a.items())
        if (key != "type") out += " " + key + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
    return out;
}

}  // namespace carc::term
