#include "event_text.hpp"

#include "ckc_text.hpp"
#include "i18n.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

std::string scorers(const json& ev, const SeatNamer& name) {
    std::string out;
    for (const auto& s : ev.value("scorers", json::array())) {
        if (!out.empty()) out += ", ";
        out += name(s.get<int>());
    }
    return out.empty() ? tr("log.nobody") : out;
}

std::string words(std::string s) {
    for (char& c : s)
        if (c == '_') c = ' ';
    return s;
}

std::string num(const json& j, const char* key) { return std::to_string(j.value(key, 0)); }

}  // namespace

std::string at_text(const json& j) {
    return "(" + std::to_string(j.value("x", 0)) + "," + std::to_string(j.value("y", 0)) + ")";
}

std::string feature_name(const std::string& kind) { return tr("feature." + (kind.empty() ? "feature" : kind)); }
std::string feature_onto(const std::string& kind) { return tr("onto." + (kind.empty() ? "feature" : kind)); }

std::string segment_kind(const TileBook& tiles, const std::string& tile, int segment) {
    const TileInfo* info = tiles.find(tile);
    if (!info || segment < 0 || segment >= static_cast<int>(info->segments.size())) return "";
    return info->segments[static_cast<std::size_t>(segment)].kind;
}

std::string describe_event(const json& ev, const SeatNamer& name) {
    const std::string type = ev.value("type", std::string());
    const std::string who = ev.contains("player") && ev["player"].is_number_integer() ? name(ev["player"].get<int>()) : "";
    const std::string target = ev.contains("target_player") && ev["target_player"].is_number_integer()
                                   ? name(ev["target_player"].get<int>()) : "";
    const std::string feature = ev.value("feature", std::string());
    if (type == "turn_started" || type == "tile_drawn") return "";
    if (type == "tile_placed") return tr("log.tile_placed", {{"who", who}, {"tile", ev.value("tile", std::string())}, {"at", at_text(ev)}});
    if (type == "tile_discarded") return tr("log.tile_discarded", {{"who", who}, {"tile", ev.value("tile", std::string())}});
    if (type == "follower_placed") return tr("log.follower_placed", {{"who", who}, {"onto", feature_onto(feature)}});
    if (type == "follower_returned") return tr("log.follower_returned", {{"who", who}});
    if (type == "feature_scored" || type == "keep_scored") {
        const std::string what = type == "keep_scored" ? tr("feature.keep") : feature_name(feature);
        return (ev.value("final", false) ? tr("log.final") : "") +
               tr("log.scored", {{"what", what}, {"count", num(ev, "points")}, {"who", scorers(ev, name)}});
    }
    if (type == "floor_added") return tr("log.floor_added", {{"who", who}, {"at", at_text(ev)}, {"count", num(ev, "count")}});
    if (type == "follower_captured") return tr("log.follower_captured", {{"who", who}, {"target", target}});
    if (type == "prisoners_exchanged") return tr("log.prisoners_exchanged", {{"who", who}, {"target", target}});
    if (type == "ransom_paid") return tr("log.ransom_paid", {{"who", who}, {"target", target}, {"count", num(ev, "points")}});
    if (type == "wall_token_taken") return tr("log.wall_token_taken", {{"who", who}, {"token", tr("token." + std::to_string(ev.value("count", 0)))}});
    if (type == "wall_token_used")
        return tr("log.wall_token_used", {{"who", who}, {"token", tr("token." + std::to_string(ev.value("count", 0)))}, {"count", num(ev, "points")}});
    if (type == "keep_placed") return tr("log.keep_placed", {{"who", who}, {"at", at_text(ev)}});
    if (std::string ckc = describe_ckc_event(ev, name); !ckc.empty()) return ckc;
    if (type == "final_scoring") return tr("log.final_scoring");
    if (type == "game_over") return tr("log.game_over");
    // Events without a sentence of their own: the type and the fields that are set.
    std::string out = words(type);
    if (!who.empty()) out += " " + who;
    if (ev.contains("x")) out += " " + at_text(ev);
    if (ev.contains("points")) out += " " + tr("log.points", {{"count", num(ev, "points")}});
    return out;
}

std::string describe_action(const json& a, const json& game, const TileBook& tiles, const SeatNamer& name) {
    const std::string type = a.value("type", std::string());
    if (std::string ckc = describe_ckc_action(a, game); !ckc.empty()) return ckc;
    if (type == "pass") {
        const std::string phase = game.is_object() ? game.value("phase", std::string()) : "";
        return tr(phase == "place_follower" ? "choice.no_follower" : phase == "tower_capture" ? "choice.no_capture" : "choice.pass");
    }
    if (type == "place_follower") {
        std::string tile = game.is_object() && game.value("drawn_tile", json()).is_string() ? game["drawn_tile"].get<std::string>() : "";
        if (a.contains("x") && game.is_object())
            for (const auto& t : game.value("board", json::array()))
                if (t.value("x", 0) == a.value("x", 0) && t.value("y", 0) == a.value("y", 0)) tile = t.value("tile", std::string());
        if (!a.contains("x") && game.is_object() && !game.value("board", json::array()).empty())
            tile = game["board"].back().value("tile", tile);
        const std::string kind = segment_kind(tiles, tile, a.value("segment", -1));
        return tr(a.contains("x") ? "choice.follower_at" : "choice.follower",
                  {{"onto", kind.empty() ? tr("onto.segment", {{"n", std::to_string(a.value("segment", -1))}}) : feature_onto(kind)},
                   {"at", at_text(a)}});
    }
    if (type == "add_floor") return tr("choice.add_floor", {{"at", at_text(a)}});
    if (type == "tower_follower") return tr("choice.tower_follower", {{"at", at_text(a)}});
    if (type == "capture") {
        const int t = a.value("target", -1);
        const json followers = game.is_object() ? game.value("followers", json::array()) : json::array();
        if (t >= 0 && t < static_cast<int>(followers.size()))
            return tr("choice.capture", {{"who", name(followers[static_cast<std::size_t>(t)].value("owner", 0))},
                                         {"at", at_text(followers[static_cast<std::size_t>(t)])}});
        return tr("choice.capture_n", {{"n", std::to_string(t)}});
    }
    if (type == "ransom") return tr("choice.ransom", {{"who", name(a.value("target", 0))}});
    if (type == "choose_scoring") {
        std::string out = tr("choice.score_pending", {{"n", std::to_string(a.value("target", 0))}});
        const json pending = game.is_object() && game.contains("castle") ? game["castle"].value("pending", json::array()) : json::array();
        const int t = a.value("target", -1);
        if (t >= 0 && t < static_cast<int>(pending.size()))
            out = tr("choice.score", {{"who", name(pending[static_cast<std::size_t>(t)].value("owner", 0))},
                                      {"what", feature_name(pending[static_cast<std::size_t>(t)].value("feature", std::string()))}});
        if (a.value("token", -1) > 0) out += tr("choice.doubled", {{"token", tr("token." + std::to_string(a.value("token", 0)))}});
        return out;
    }
    if (type == "use_token") return tr("choice.use_token", {{"token", tr("token." + std::to_string(a.value("target", 0)))}});
    // An action this client has no sentence for: its type and fields, still choosable.
    std::string out = words(type);
    for (const auto& [key, value] : a.items())
        if (key != "type") out += " " + key + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
    return out;
}

}  // namespace carc::term
