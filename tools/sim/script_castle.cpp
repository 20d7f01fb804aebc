// carc-sim replay for The Castle: tiles, followers, the scoring order, doubling tokens and
// token 1, with the wall tokens fixed by the script.
#include "script_castle.hpp"

#include <algorithm>

#include "carc/castle.hpp"
#include "carc/state.hpp"
#include "script_config.hpp"
#include "script_report.hpp"

namespace carc::sim {
namespace {

using nlohmann::json;

struct ScriptError {
    std::string message;
};

Coord coord_of(const json& at) {
    if (!at.is_array() || at.size() != 2) throw ScriptError{"\"at\" must be [x, y]"};
    return Coord{static_cast<std::int16_t>(at[0].get<int>()), static_cast<std::int16_t>(at[1].get<int>())};
}

WallToken token_of(const json& name) {
    WallToken t = WallToken::none;
    if (!name.is_string() || !wall_token_from_string(name.get<std::string>(), t))
        throw ScriptError{"unknown wall token " + name.dump()};
    return t;
}

// "wall_tokens": {"32": "five_points", ...}: the token on the corner tower carrying that number.
std::vector<WallToken> wall_tokens(const json& spec) {
    const auto& castle = CastleBoard::instance();
    std::vector<WallToken> slots(castle_token_slots, WallToken::none);
    for (const auto& [number, name] : spec.items()) {
        const int slot = castle.token_slot_at(std::stoi(number));
        if (slot < 0) throw ScriptError{"wall_tokens: " + number + " is not on a corner tower with a token"};
        slots[slot] = token_of(name);
    }
    return slots;
}

int follower_segment(const json& follower, const TileType& tile, int rotation) {
    FeatureKind kind;
    const std::string on = follower.value("on", "");
    if (!feature_kind_from_string(on, kind)) throw ScriptError{"unknown follower target '" + on + "'"};
    const std::string at = follower.value("at", "");
    const int seg = tile.segment_at(rotation, kind, at);
    if (seg < 0) throw ScriptError{"tile " + tile.id + " has no single " + on + (at.empty() ? "" : " at " + at)};
    return seg;
}

// One entry of "order": {"feature": kind, "at": [x, y], "token": name} names the pending
// scoring of that kind whose feature covers that cell.
Action scoring_choice(const State& state, const json& choice) {
    FeatureKind kind;
    const std::string name = choice.value("feature", "");
    if (!feature_kind_from_string(name, kind)) throw ScriptError{"order: unknown feature '" + name + "'"};
    const bool by_cell = choice.contains("at");
    const Coord cell = by_cell ? coord_of(choice["at"]) : Coord{};
    const auto& pending = state.castle().pending;
    for (int i = 0; i < static_cast<int>(pending.size()); ++i) {
        if (pending[i].kind != kind) continue;
        if (by_cell) {
            const int seg_tile = state.board().tile_of(pending[i].root);
            const auto info = state.feature_at(seg_tile, pending[i].root - state.board().tile(seg_tile).segment_base);
            if (std::find(info.cells.begin(), info.cells.end(), cell) == info.cells.end()) continue;
        }
        const WallToken token = choice.contains("token") ? token_of(choice["token"]) : WallToken::none;
        return choose_scoring_action(i, token);
    }
    throw ScriptError{"order: no pending " + name + " scoring" + (by_cell ? " at that cell" : "")};
}

void apply(State& state, const Action& a, std::vector<Event>& events) {
    if (auto refused = state.apply(a, &events)) throw ScriptError{refused->message};
}

// After the follower step: the scoring decisions in the scripted order (else the engine's
// order, no doubling), then token 1 if the move asks for it.
void finish_move(State& state, const json& move, std::vector<Event>& events) {
    const json order = move.value("order", json::array());
    std::size_t next = 0;
    while (state.phase() == Phase::choose_scoring) {
        if (next < order.size()) {
            apply(state, scoring_choice(state, order[next++]), events);
        } else {
            std::vector<Action> legal;
            state.legal_actions(legal);
            apply(state, legal.front(), events);
        }
    }
    // Entries past the last decision name scorings the engine made on its own (the last one
    // left, with no token to play): nothing to do.
    const bool extra = move.value("extra_turn", false);
    if (state.phase() == Phase::extra_turn)
        apply(state, extra ? use_token_action(WallToken::extra_turn) : Action::pass(), events);
    else if (extra)
        throw ScriptError{"extra_turn: wall token 1 cannot be played now"};
}

json castle_summary(const State& state) {
    json players = json::array();
    for (int p = 0; p < castle_players; ++p) {
        const auto& cp = state.castle().players[p];
        json tokens = json::array();
        for (int k = 1; k <= wall_token_kinds; ++k)
            for (int n = 0; n < cp.tokens[k]; ++n) tokens.push_back(std::string(to_string(static_cast<WallToken>(k))));
        json keep = nullptr;
        if (cp.keep_size) keep = {{"at", {cp.keep_at.x, cp.keep_at.y}}, {"size", cp.keep_size}};
        players.push_back({{"tokens", tokens}, {"keep", keep}});
    }
    return {{"players", players}};
}

}  // namespace

json run_castle_script(const json& script, std::string& error) {
    GameConfig config;
    if (!config_from_json(script, config, error)) return nullptr;
    auto game = Game::create(config, &error);
    if (!game) return nullptr;
    const auto& catalog = TileCatalog::instance();
    const json moves = script.value("moves", json::array());
    std::vector<TileTypeId> order;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto* t = catalog.find(moves[i].value("tile", ""));
        if (!t || t->set != "castle") {
            error = "move " + std::to_string(i + 1) + ": unknown castle tile '" + moves[i].value("tile", "") + "'";
            return nullptr;
        }
        order.push_back(t->index);
    }
    std::vector<Event> events;
    std::size_t index = 0;
    try {
        State state = script.contains("wall_tokens")
                          ? start_castle(*game, order, wall_tokens(script["wall_tokens"]))
                          : State::start_with_order(*game, order);
        for (; index < moves.size(); ++index) {
            const auto& move = moves[index];
            if (state.is_over()) throw ScriptError{"the game is already over"};
            const auto& tile = catalog.at(state.drawn_tile());
            if (tile.id != move.value("tile", ""))
                throw ScriptError{"expected tile " + move.value("tile", "") + " but " + tile.id +
                                  " was drawn (the tiles before it fitted nowhere and were discarded)"};
            const int degrees = move.value("rotation", 0);
            if (degrees % 90 != 0) throw ScriptError{"\"rotation\" must be 0, 90, 180 or 270"};
            const int rotation = ((degrees / 90) % 4 + 4) % 4;
            apply(state, Action::place_tile(coord_of(move.value("at", json::array({0, 0}))), rotation), events);
            Action follow = Action::pass();
            if (move.contains("follower") && !move["follower"].is_null())
                follow = Action::place_follower(follower_segment(move["follower"], tile, rotation));
            apply(state, follow, events);
            finish_move(state, move, events);
        }
        json report = script_report(state, events, script.value("finish", true));
        report["castle"] = castle_summary(state);
        return report;
    } catch (const ScriptError& e) {
        error = "move " + std::to_string(index + 1) + ": " + e.message;
    } catch (const std::exception& e) {
        error = "move " + std::to_string(index + 1) + ": " + e.what();
    }
    return nullptr;
}

}  // namespace carc::sim
