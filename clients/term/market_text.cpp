#include "market_text.hpp"

#include <set>
#include <utility>

#include "i18n.hpp"
#include "tile_art.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

// The side of its tile a segment's marker sits on ("north", "south_west", "middle").
std::string side_of(const json& option, const json& game, const TileBook& tiles) {
    const int x = option.value("x", 0), y = option.value("y", 0);
    for (const json& t : game.value("board", json::array())) {
        if (t.value("x", 0) != x || t.value("y", 0) != y) continue;
        const TileInfo* info = tiles.find(t.value("tile", std::string()));
        if (!info) return "";
        const int a = anchor_of(draw_tile(*info, t.value("rotation", 0), t.value("height", 0)), option.value("segment", 0));
        if (a < 0) return "";
        const int r = a / tile_width, c = a % tile_width;
        const std::string vertical = r == 0 ? "north" : r == tile_height - 1 ? "south" : "";
        const std::string horizontal = c <= 1 ? "west" : c >= tile_width - 2 ? "east" : "";
        if (vertical.empty() && horizontal.empty()) return "middle";
        return vertical.empty() ? horizontal : horizontal.empty() ? vertical : vertical + "_" + horizontal;
    }
    return "";
}

// The feature the option at `index` of the legal list names.
const json* feature_of(const json& you, std::size_t index) {
    if (!you.contains("features") || !you["features"].is_array()) return nullptr;
    for (const json& f : you["features"])
        for (const json& i : f.value("actions", json::array()))
            if (i.is_number_integer() && i.get<long long>() == static_cast<long long>(index)) return &f;
    return nullptr;
}

}  // namespace

std::string market_choice_text(const json& option, const json& you, const json& game, const TileBook& tiles,
                               const SeatNamer& name) {
    const json legal = you.value("legal", json::array());
    std::size_t index = legal.size();
    for (std::size_t i = 0; i < legal.size(); ++i)
        if (legal[i] == option) index = i;
    const std::string side = side_of(option, game, tiles);
    std::vector<Arg> args{{"at", at_text(option)}, {"side", side.empty() ? "" : tr("market.side." + side)}};
    const json* f = index < legal.size() ? feature_of(you, index) : nullptr;
    if (!f) return tr(side.empty() ? "choice.market_move" : "choice.market_side", args);
    std::string who;
    const json followers = f->value("followers", json::array());
    for (std::size_t seat = 0; seat < followers.size(); ++seat)
        if (followers[seat].is_number() && followers[seat].get<int>() > 0)
            who += (who.empty() ? "" : ", ") + name(static_cast<int>(seat));
    std::set<std::pair<int, int>> cells;
    for (const json& s : f->value("segments", json::array()))
        if (s.is_array() && s.size() >= 2) cells.insert({s[0].get<int>(), s[1].get<int>()});
    const int points = (*f)["points"].is_number() ? (*f)["points"].get<int>() : 0;
    args.push_back({"held", who.empty() ? tr("market.free") : tr("market.held", {{"who", who}})});
    args.push_back({"points", tr("log.points", {{"count", std::to_string(points)}})});
    args.push_back({"size", tr("market.size", {{"count", std::to_string(cells.size())}})});
    return tr(side.empty() ? "choice.market_field" : "choice.market_side_field", args);
}

}  // namespace carc::term
