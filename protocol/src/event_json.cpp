#include "carc/protocol/engine_json.hpp"

namespace carc::protocol {

using nlohmann::json;

namespace {

json tile_id(TileTypeId tile, const TileCatalog& catalog) {
    if (tile == no_tile || tile >= catalog.size()) return nullptr;
    return catalog.at(tile).id;
}

void put_at(json& out, Coord at) {
    out["x"] = at.x;
    out["y"] = at.y;
}

}  // namespace

json event_to_json(const Event& e, const TileCatalog& catalog) {
    json out = {{"type", to_string(e.type)}};
    switch (e.type) {
        case EventType::turn_started: out["player"] = e.player; break;
        case EventType::tile_drawn:
        case EventType::tile_discarded:
            out["player"] = e.player;
            out["tile"] = tile_id(e.tile, catalog);
            break;
        case EventType::tile_placed:
            out["player"] = e.player;
            out["tile"] = tile_id(e.tile, catalog);
            put_at(out, e.at);
            out["rotation"] = e.rotation;
            break;
        case EventType::follower_placed:
        case EventType::follower_returned:
            out["player"] = e.player;
            put_at(out, e.at);
            out["segment"] = e.segment;
            out["feature"] = to_string(e.feature);
            break;
        case EventType::feature_scored: {
            out["feature"] = to_string(e.feature);
            out["scorers"] = e.scorers;
            out["points"] = e.points;
            out["count"] = e.count;
            json tiles = json::array();
            for (const Coord c : e.tiles) tiles.push_back({c.x, c.y});
            out["tiles"] = std::move(tiles);
            out["final"] = e.final;
            out["completed"] = e.completed;
            out["detail"] = e.detail;
            break;
        }
        case EventType::floor_added:
            out["player"] = e.player;
            put_at(out, e.at);
            out["count"] = e.count;
            break;
        case EventType::follower_captured:
            out["player"] = e.player;
            out["target_player"] = e.target_player;
            put_at(out, e.at);
            break;
        case EventType::prisoners_exchanged:
            out["player"] = e.player;
            out["target_player"] = e.target_player;
            break;
        case EventType::ransom_paid:
            out["player"] = e.player;
            out["target_player"] = e.target_player;
            out["points"] = e.points;
            break;
        case EventType::count_moved: out["quarter"] = to_string(static_cast<Quarter>(e.quarter)); break;
        case EventType::quarter_follower_placed:
            out["player"] = e.player;
            out["quarter"] = to_string(static_cast<Quarter>(e.quarter));
            break;
        case EventType::follower_moved:
            out["player"] = e.player;
            out["quarter"] = to_string(static_cast<Quarter>(e.quarter));
            put_at(out, e.at);
            out["segment"] = e.segment;
            out["feature"] = to_string(e.feature);
            break;
        case EventType::token_taken:  // King (feature city) or Robber Baron (road)
        case EventType::token_scored:
            out["player"] = e.player;
            out["feature"] = to_string(e.feature);
            out["count"] = e.count;  // the record size taken, or the completed features paid
            if (e.type == EventType::token_scored) out["points"] = e.points;
            break;
        case EventType::final_scoring:
        case EventType::game_over: break;
        default:
            // Newer event kinds (The Castle's tokens and keeps): every field that is set.
            if (e.player != no_player) out["player"] = e.player;
            if (e.target_player != no_player) out["target_player"] = e.target_player;
            if (e.tile != no_tile) out["tile"] = tile_id(e.tile, catalog);
            put_at(out, e.at);
            if (!e.scorers.empty()) out["scorers"] = e.scorers;
            out["points"] = e.points;
            out["count"] = e.count;
            if (!e.tiles.empty()) {
                json tiles = json::array();
                for (const Coord c : e.tiles) tiles.push_back({c.x, c.y});
                out["tiles"] = std::move(tiles);
            }
            if (!e.detail.empty()) out["detail"] = e.detail;
            break;
    }
    return out;
}

json events_to_json(const std::vector<Event>& events, const TileCatalog& catalog) {
    json out = json::array();
    for (const auto& e : events) out.push_back(event_to_json(e, catalog));
    return out;
}

}  // namespace carc::protocol
