#include "replay_frames.hpp"

#include <algorithm>
#include <optional>

namespace carc::term {

using nlohmann::json;

namespace {

int integer(const json& j, const char* key, int fallback = 0) {
    return j.is_object() && j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : fallback;
}

void apply(ReplayFrame& f, const json& e) {
    const std::string type = e.value("type", std::string());
    const BoardCoord at{integer(e, "x"), integer(e, "y")};
    const auto grow = [&f](int seat) {
        if (seat >= 0 && static_cast<std::size_t>(seat) >= f.scores.size()) f.scores.resize(static_cast<std::size_t>(seat) + 1, 0);
    };
    if (type == "tile_placed") {
        f.tiles.push_back({at, e.value("tile", std::string()), integer(e, "rotation"), 0});
        const int seat = integer(e, "player", -1);
        std::erase_if(f.last_tiles, [seat](const auto& last) { return last.second == seat; });
        if (seat >= 0) f.last_tiles.emplace_back(at, seat);
    } else if (type == "follower_placed" && e.contains("x")) {
        f.followers.push_back({integer(e, "player"), at, integer(e, "segment")});
    } else if (type == "follower_returned" || type == "follower_captured") {
        const int owner = integer(e, type == "follower_captured" ? "target_player" : "player", -1);
        const auto same = [&](const SceneFollower& s) {
            return s.owner == owner && s.at == at && (!e.contains("segment") || s.segment == integer(e, "segment"));
        };
        if (const auto it = std::find_if(f.followers.begin(), f.followers.end(), same); it != f.followers.end())
            f.followers.erase(it);
    } else if (type == "floor_added") {
        for (SceneTile& t : f.tiles)
            if (t.at == at) t.height = integer(e, "count");
    } else if (type == "feature_scored" || type == "keep_scored" || type == "token_scored") {
        const int points = integer(e, "points");
        if (e.contains("scorers") && e["scorers"].is_array()) {
            for (const json& p : e["scorers"])
                if (p.is_number_integer()) grow(p.get<int>()), f.scores[p.get<std::size_t>()] += points;
        } else if (const int seat = integer(e, "player", -1); seat >= 0) {
            grow(seat);
            f.scores[static_cast<std::size_t>(seat)] += points;
        }
    } else if (type == "ransom_paid") {
        const int payer = integer(e, "player", -1), paid = integer(e, "target_player", -1);
        if (payer < 0 || paid < 0) return;
        grow(std::max(payer, paid));
        f.scores[static_cast<std::size_t>(payer)] -= integer(e, "points");
        f.scores[static_cast<std::size_t>(paid)] += integer(e, "points");
    }
}

}  // namespace

std::size_t replay_length(const json& record) {
    return record.is_object() && record.contains("actions") && record["actions"].is_array() ? record["actions"].size() : 0;
}

ReplayFrame replay_frame(const json& record, std::size_t step) {
    ReplayFrame f;
    if (!record.is_object()) return f;
    f.scores.assign(record.value("players", json::array()).size(), 0);
    for (const json& t : record.value("setup", json::array()))
        f.tiles.push_back({{integer(t, "x"), integer(t, "y")}, t.value("tile", std::string()), integer(t, "rotation"), 0});
    const std::size_t n = std::min(step, replay_length(record));
    for (std::size_t i = 0; i < n; ++i)
        for (const json& e : record["actions"][i].value("events", json::array())) apply(f, e);
    return f;
}

BoardScene replay_scene(const ReplayFrame& frame, const std::optional<SceneTile>& ghost) {
    BoardScene scene;
    scene.tiles = frame.tiles;
    scene.followers = frame.followers;
    scene.last_tiles = frame.last_tiles;
    if (ghost) {
        scene.cursor = ghost->at;
        scene.preview = ghost;
    }
    return scene;
}

}  // namespace carc::term
