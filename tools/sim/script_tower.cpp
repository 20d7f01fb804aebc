#include "script_tower.hpp"

namespace carc::sim {
namespace {

using nlohmann::json;

bool read_cell(const json& value, Coord& out) {
    if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() ||
        !value[1].is_number_integer())
        return false;
    out = Coord{static_cast<std::int16_t>(value[0].get<int>()),
                static_cast<std::int16_t>(value[1].get<int>())};
    return true;
}

std::string cell_text(Coord c) {
    return "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]";
}

// "tower" for a follower on top of a tower, else the kind of feature it stands on.
std::string follower_place(const State& state, const Follower& f) {
    if (f.spot == FollowerSpot::tower) return "tower";
    if (f.spot == FollowerSpot::quarter) return "quarter";
    return std::string(to_string(state.board().kind(state.board().segment_id(f.tile, f.segment))));
}

// The index in State::followers() of the one follower "capture" names, or -1 with `error`.
int find_capture_target(const State& state, const json& capture, std::string& error) {
    Coord at;
    if (!capture.is_object() || !read_cell(capture.value("at", json()), at)) {
        error = "\"tower.capture\" needs \"at\": [x, y]";
        return -1;
    }
    const int owner = capture.value("owner", -1);
    std::string on = capture.value("on", "");
    if (on == "monastery") on = "cloister";
    int found = -1;
    int matches = 0;
    const auto followers = state.followers();
    for (std::size_t i = 0; i < followers.size(); ++i) {
        const auto& f = followers[i];
        if (f.spot == FollowerSpot::quarter || !(state.follower_cell(f) == at)) continue;
        if (owner >= 0 && f.owner != owner) continue;
        if (!on.empty() && follower_place(state, f) != on) continue;
        found = static_cast<int>(i);
        ++matches;
    }
    if (matches == 0) {
        error = "no such follower at " + cell_text(at) + " to capture";
        return -1;
    }
    if (matches > 1) {
        error = "several followers at " + cell_text(at) + ": name \"owner\" and \"on\"";
        return -1;
    }
    return found;
}

}  // namespace

bool play_scripted_ransom(Match& match, const json& move, std::string_view moment,
                          std::vector<Event>& events, std::string& error) {
    if (!move.contains("ransom") || move["ransom"].is_null()) return true;
    const auto& ransom = move["ransom"];
    const std::string when = ransom.is_object() ? ransom.value("when", "before_tile") : "";
    if (!ransom.is_object() || !ransom.contains("from") || !ransom["from"].is_number_integer() ||
        (when != "before_tile" && when != "after_tile")) {
        error = "\"ransom\" must be {\"from\": player, \"when\": \"before_tile\" or \"after_tile\"}";
        return false;
    }
    if (when != moment) return true;
    Action a;
    a.type = ActionType::ransom;
    a.target = static_cast<std::int16_t>(ransom["from"].get<int>());
    if (auto refused = match.apply(a, &events)) {
        error = "ransom: " + refused->message;
        return false;
    }
    return true;
}

bool scripted_tower_action(const json& tower, Action& out, std::string& error) {
    const bool floor = tower.is_object() && tower.contains("floor");
    const bool follower = tower.is_object() && tower.contains("follower");
    Coord at;
    if (floor == follower || !read_cell(tower[floor ? "floor" : "follower"], at)) {
        error = "\"tower\" must hold either \"floor\": [x, y] or \"follower\": [x, y]";
        return false;
    }
    if (follower && tower.contains("capture")) {
        error = "a capture follows a floor, not a follower on a tower";
        return false;
    }
    out = Action{};
    out.type = floor ? ActionType::add_floor : ActionType::tower_follower;
    out.at = at;
    return true;
}

bool play_scripted_capture(Match& match, const json& move, std::vector<Event>& events,
                           std::string& error) {
    const json* capture = nullptr;
    if (move.contains("tower") && move["tower"].is_object() && move["tower"].contains("capture") &&
        !move["tower"]["capture"].is_null())
        capture = &move["tower"]["capture"];
    if (match.state().phase() != Phase::tower_capture) {
        if (!capture) return true;
        error = "nothing to capture: no follower within reach of the tower";
        return false;
    }
    Action a = Action::pass();
    if (capture) {
        const int target = find_capture_target(match.state(), *capture, error);
        if (target < 0) return false;
        a.type = ActionType::capture;
        a.target = static_cast<std::int16_t>(target);
    }
    if (auto refused = match.apply(a, &events)) {
        error = refused->message;
        return false;
    }
    return true;
}

}  // namespace carc::sim
