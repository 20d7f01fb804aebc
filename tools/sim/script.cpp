#include "script.hpp"

#include "carc/match.hpp"
#include "script_config.hpp"
#include "script_castle.hpp"
#include "script_city.hpp"
#include "script_report.hpp"
#include "script_tower.hpp"

namespace carc::sim {
namespace {

using nlohmann::json;

// Finds the local segment the follower description names on the placed tile.
int follower_segment(const json& follower, const TileType& tile, int rotation, std::string& error) {
    FeatureKind kind;
    const std::string on = follower.value("on", "");
    if (on == "monastery") kind = FeatureKind::cloister;
    else if (!feature_kind_from_string(on, kind)) {
        error = "unknown follower target '" + on + "'";
        return -1;
    }
    const std::string at = follower.value("at", "");
    const int seg = tile.segment_at(rotation, kind, at);
    if (seg < 0)
        error = "tile " + tile.id + " has no single " + on + (at.empty() ? "" : " at " + at);
    return seg;
}

}  // namespace

json run_script(const json& script, std::string& error) {
    if (script.value("game", "") == "castle") return run_castle_script(script, error);
    MatchSetup setup;
    if (!config_from_json(script, setup.config, error)) return nullptr;
    const auto& catalog = TileCatalog::instance();
    const json moves = script.value("moves", json::array());
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto id = moves[i].value("tile", "");
        const auto* t = catalog.find(id);
        if (!t) {
            error = "move " + std::to_string(i + 1) + ": unknown tile '" + id + "'";
            return nullptr;
        }
        setup.draw_order.push_back(t->index);
    }
    auto match = Match::create(setup, &error);
    if (!match) return nullptr;

    std::vector<Event> events;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto& move = moves[i];
        const std::string where = "move " + std::to_string(i + 1) + ": ";
        if (match->state().is_over()) {
            error = where + "the game is already over";
            return nullptr;
        }
        if (!play_scripted_ransom(*match, move, "before_tile", events, error)) {
            error = where + error;
            return nullptr;
        }
        const auto& state = match->state();
        const auto& tile = catalog.at(state.drawn_tile());
        if (tile.id != move.value("tile", "")) {
            error = where + "expected tile " + move.value("tile", "") + " but " + tile.id +
                    " was drawn (the tiles before it did not fit anywhere and were discarded)";
            return nullptr;
        }
        const auto at = move.value("at", json::array({0, 0}));
        const int degrees = move.value("rotation", 0);
        if (!at.is_array() || at.size() != 2 || degrees % 90 != 0) {
            error = where + "\"at\" must be [x, y] and \"rotation\" one of 0, 90, 180, 270";
            return nullptr;
        }
        const int rotation = ((degrees / 90) % 4 + 4) % 4;
        const Coord cell{static_cast<std::int16_t>(at[0].get<int>()),
                         static_cast<std::int16_t>(at[1].get<int>())};
        if (auto refused = match->apply(Action::place_tile(cell, rotation), &events)) {
            error = where + refused->message;
            return nullptr;
        }
        const bool has_follower = move.contains("follower") && !move["follower"].is_null();
        if (match->state().phase() != Phase::place_follower) {
            // River II's lake: no follower step, the same player goes on with a land tile.
            if (has_follower || move.contains("tower")) {
                error = where + "nothing may be placed on " + tile.id + " (the lake ends the turn)";
                return nullptr;
            }
            continue;
        }
        if (!play_scripted_ransom(*match, move, "after_tile", events, error)) {
            error = where + error;
            return nullptr;
        }
        Action follow = Action::pass();
        const bool has_tower = move.contains("tower") && !move["tower"].is_null();
        if (has_tower && move.contains("follower") && !move["follower"].is_null()) {
            error = where + "a move has either \"follower\" or \"tower\", not both";
            return nullptr;
        }
        if (has_tower && !scripted_tower_action(move["tower"], follow, error)) {
            error = where + error;
            return nullptr;
        }
        if (move.contains("follower") && !move["follower"].is_null()) {
            const int seg = follower_segment(move["follower"], tile, rotation, error);
            if (seg < 0) {
                error = where + error;
                return nullptr;
            }
            follow = Action::place_follower(seg);
        }
        if (auto refused = match->apply(follow, &events)) {
            error = where + refused->message;
            return nullptr;
        }
        if (!play_scripted_capture(*match, move, events, error)) {
            error = where + error;
            return nullptr;
        }
        if (!play_city_decisions(*match, move, events, error, !script.value("finish", true))) {
            error = where + error;
            return nullptr;
        }
    }
    // The pile is exactly the scripted tiles, so the engine ends the game after the last
    // move. Without "finish" the report stops where the final scoring begins.
    return script_report(match->state(), events, script.value("finish", true));
}

}  // namespace carc::sim
