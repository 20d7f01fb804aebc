// Names of the engine's enumerations, as used on the wire and in scripts.
#include <array>
#include <sstream>
#include <string>

#include "carc/action.hpp"
#include "carc/castle.hpp"
#include "carc/event.hpp"
#include "carc/game.hpp"
#include "carc/state.hpp"
#include "carc/types.hpp"

namespace carc {
namespace {

template <typename Enum, std::size_t N>
bool lookup(const std::array<std::string_view, N>& names, std::string_view text, Enum& out) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == text) {
            out = static_cast<Enum>(i);
            return true;
        }
    }
    return false;
}

constexpr std::array<std::string_view, feature_kind_count> feature_names = {
    "road", "city", "field", "cloister", "shrine", "river", "foundation",
    "street", "castle_tower", "house", "courtyard"};

constexpr std::array<std::string_view, action_type_count> action_names = {
    "place_tile", "place_follower", "pass", "add_floor", "tower_follower", "capture",
    "ransom", "city_follower", "move_count", "redeploy", "market_move", "choose_scoring",
    "use_token"};

constexpr std::array<std::string_view, quarter_count> quarter_names = {
    "castle", "blacksmith", "cathedral", "market"};

constexpr std::array<std::string_view, 23> event_names = {
    "turn_started", "tile_drawn", "tile_discarded", "tile_placed", "follower_placed",
    "follower_returned", "feature_scored", "floor_added", "follower_captured",
    "prisoners_exchanged", "ransom_paid", "count_moved", "follower_moved", "token_taken",
    "final_scoring", "game_over", "wall_token_taken", "wall_token_used", "keep_placed",
    "keep_scored", "quarter_follower_placed", "tile_set_aside", "token_scored"};

constexpr std::array<std::string_view, 10> phase_names = {
    "place_tile", "place_follower", "tower_capture", "city_follower", "move_count",
    "redeploy", "market_move", "game_over", "choose_scoring", "extra_turn"};

constexpr std::array<std::string_view, wall_token_kinds + 1> wall_token_names = {
    "none", "extra_turn", "double_tower", "double_house", "final_street", "final_tower",
    "final_house", "market_bonus", "keep_bonus", "five_points"};

constexpr std::array<std::string_view, 11> error_names = {
    "game_over", "wrong_phase", "cell_taken", "not_adjacent", "edges_mismatch",
    "outside_board", "river_rule", "no_follower_left", "bad_segment", "feature_occupied",
    "not_allowed"};

}  // namespace

std::string_view to_string(FeatureKind kind) { return feature_names[static_cast<int>(kind)]; }
bool feature_kind_from_string(std::string_view text, FeatureKind& out) {
    return lookup(feature_names, text, out);
}
std::string_view to_string(ActionType type) { return action_names[static_cast<int>(type)]; }
bool action_type_from_string(std::string_view text, ActionType& out) {
    return lookup(action_names, text, out);
}
std::string_view to_string(Quarter quarter) { return quarter_names[static_cast<int>(quarter)]; }
bool quarter_from_string(std::string_view text, Quarter& out) {
    return lookup(quarter_names, text, out);
}
std::string_view to_string(EventType type) { return event_names[static_cast<int>(type)]; }
std::string_view to_string(Phase phase) { return phase_names[static_cast<int>(phase)]; }
std::string_view to_string(WallToken token) { return wall_token_names[static_cast<int>(token)]; }
bool wall_token_from_string(std::string_view text, WallToken& out) {
    return lookup(wall_token_names, text, out);
}
std::string_view to_string(RuleErrorCode code) { return error_names[static_cast<int>(code)]; }
std::string_view to_string(RuleSystem rules) {
    return rules == RuleSystem::castle ? "castle" : "carcassonne";
}

std::string describe(const Action& a) {
    std::string text(to_string(a.type));
    switch (a.type) {
        case ActionType::place_tile:
            text += " at (" + std::to_string(a.at.x) + "," + std::to_string(a.at.y) +
                    ") rotation " + std::to_string(a.rotation * 90);
            break;
        case ActionType::place_follower:
            text += " on segment " + std::to_string(a.segment);
            break;
        case ActionType::add_floor:
        case ActionType::tower_follower:
            text += " at (" + std::to_string(a.at.x) + "," + std::to_string(a.at.y) + ")";
            break;
        case ActionType::capture:
            text += " follower " + std::to_string(a.target);
            break;
        case ActionType::ransom:
            text += " to player " + std::to_string(a.target);
            break;
        case ActionType::city_follower:
        case ActionType::move_count:
        case ActionType::redeploy:
            text += std::string(" ") + std::string(to_string(static_cast<Quarter>(a.quarter)));
            break;
        case ActionType::market_move:
            text += " to (" + std::to_string(a.at.x) + "," + std::to_string(a.at.y) +
                    ") segment " + std::to_string(a.segment);
            break;
        case ActionType::choose_scoring:
            text += " " + std::to_string(a.target);
            if (a.segment > 0) text += " with token " + std::to_string(a.segment);
            break;
        case ActionType::use_token:
            text += " " + std::to_string(a.target);
            break;
        case ActionType::pass:
            break;
    }
    return text;
}

std::string encode(const Action& a) {
    return std::string(to_string(a.type)) + " " + std::to_string(a.at.x) + " " +
           std::to_string(a.at.y) + " " + std::to_string(a.rotation) + " " +
           std::to_string(a.segment) + " " + std::to_string(a.quarter) + " " +
           std::to_string(a.target);
}

bool decode(std::string_view text, Action& out) {
    std::istringstream in{std::string(text)};
    std::string name;
    int x = 0, y = 0, rotation = 0, segment = 0, quarter = 0, target = 0;
    if (!(in >> name >> x >> y >> rotation >> segment >> quarter >> target)) return false;
    std::string rest;
    if (in >> rest) return false;
    Action a;
    if (!action_type_from_string(name, a.type)) return false;
    if (rotation < 0 || rotation > 3 || segment < -1 || segment > 127 || quarter < 0 ||
        quarter >= quarter_count || x < -32768 || x > 32767 || y < -32768 || y > 32767 ||
        target < -32768 || target > 32767)
        return false;
    a.at = Coord{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
    a.rotation = static_cast<std::uint8_t>(rotation);
    a.segment = static_cast<std::int8_t>(segment);
    a.quarter = static_cast<std::uint8_t>(quarter);
    a.target = static_cast<std::int16_t>(target);
    out = a;
    return true;
}

}  // namespace carc
