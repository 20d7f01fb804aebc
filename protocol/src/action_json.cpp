#include <string>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/errors.hpp"
#include "carc/protocol/field_reader.hpp"

namespace carc::protocol {

using nlohmann::json;

namespace {

// Board coordinates are int16 in the engine; the board never grows near that far.
constexpr std::int64_t coord_limit = 1000;

void put_at(json& out, Coord at) {
    out["x"] = at.x;
    out["y"] = at.y;
}

Coord read_at(const FieldReader& in) {
    return Coord{static_cast<std::int16_t>(in.integer("x", -coord_limit, coord_limit)),
                 static_cast<std::int16_t>(in.integer("y", -coord_limit, coord_limit))};
}

std::uint8_t read_quarter(const FieldReader& in) {
    const std::string name = in.string("quarter", 16);
    Quarter quarter{};
    if (!quarter_from_string(name, quarter)) in.fail("quarter", "castle, blacksmith, cathedral or market");
    return static_cast<std::uint8_t>(quarter);
}

}  // namespace

json action_to_json(const Action& a) {
    json out = {{"type", to_string(a.type)}};
    switch (a.type) {
        case ActionType::place_tile:
            put_at(out, a.at);
            out["rotation"] = a.rotation;
            break;
        case ActionType::place_follower: out["segment"] = a.segment; break;
        case ActionType::pass: break;
        case ActionType::add_floor:
        case ActionType::tower_follower: put_at(out, a.at); break;
        case ActionType::capture:
        case ActionType::ransom: out["target"] = a.target; break;
        case ActionType::city_follower:
        case ActionType::move_count:
        case ActionType::redeploy:
            out["quarter"] = to_string(static_cast<Quarter>(a.quarter));
            break;
        case ActionType::market_move:
            put_at(out, a.at);
            out["segment"] = a.segment;
            break;
        case ActionType::choose_scoring:
            out["target"] = a.target;
            out["token"] = a.segment;  // the wall token that doubles it, -1: none
            break;
        case ActionType::use_token: out["target"] = a.target; break;
    }
    return out;
}

Action action_from_json(const json& value) {
    const FieldReader in(value, "action");
    const std::string type_name = in.string("type", 32);
    Action a;
    if (!action_type_from_string(type_name, a.type)) in.fail("type", "an action type (docs/protocol.md)");
    switch (a.type) {
        case ActionType::place_tile:
            a.at = read_at(in);
            a.rotation = static_cast<std::uint8_t>(in.integer("rotation", 0, 3));
            break;
        case ActionType::place_follower:
            a.segment = static_cast<std::int8_t>(in.integer("segment", 0, max_segments_per_tile - 1));
            break;
        case ActionType::pass: break;
        case ActionType::add_floor:
        case ActionType::tower_follower: a.at = read_at(in); break;
        case ActionType::capture:
            a.target = static_cast<std::int16_t>(in.integer("target", 0, 255));
            break;
        case ActionType::ransom:
            a.target = static_cast<std::int16_t>(in.integer("target", 0, max_players - 1));
            break;
        case ActionType::city_follower:
        case ActionType::move_count:
        case ActionType::redeploy: a.quarter = read_quarter(in); break;
        case ActionType::market_move:
            a.at = read_at(in);
            a.segment = static_cast<std::int8_t>(in.integer("segment", 0, max_segments_per_tile - 1));
            break;
        case ActionType::choose_scoring:
            a.target = static_cast<std::int16_t>(in.integer("target", 0, 63));
            a.segment = static_cast<std::int8_t>(in.optional_integer("token", -1, 9).value_or(-1));
            break;
        case ActionType::use_token:
            a.target = static_cast<std::int16_t>(in.integer("target", 1, 9));
            break;
    }
    return a;
}

json actions_to_json(const std::vector<Action>& actions) {
    json out = json::array();
    for (const auto& a : actions) out.push_back(action_to_json(a));
    return out;
}

}  // namespace carc::protocol
