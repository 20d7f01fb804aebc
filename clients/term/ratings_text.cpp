#include "ratings_text.hpp"

#include <cmath>

#include "i18n.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

std::string whole(const json& value) {
    return value.is_number() ? std::to_string(std::llround(value.get<double>())) : "?";
}

// Two decimals at most, without trailing zeros: 12.5, 3, 0.25.
std::string decimal(const json& value) {
    if (!value.is_number()) return "?";
    std::string text = std::to_string(std::round(value.get<double>() * 100.0) / 100.0);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

std::string text_of(const json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A kind of points in the client's words (the features' names), or as the server names it.
std::string kind_word(const std::string& kind) {
    const std::string key = "feature." + kind;
    std::string word = tr(key);
    return word == key ? kind : word;
}

}  // namespace

std::string leaderboard_text(const json& board) {
    std::string out = tr("ratings.board_title", {{"rules", text_of(board, "rules")}}) + "\n";
    const json players = board.value("players", json::array());
    if (players.empty()) out += tr("ratings.board_empty", {{"games", whole(board.value("min_games", json(10)))},
                                                           {"rd", whole(board.value("max_rd", json(75)))}}) + "\n";
    for (const json& p : players) {
        out += tr("ratings.board_line", {{"rank", whole(p.value("rank", json()))},
                                         {"name", text_of(p, "name")},
                                         {"rating", whole(p.value("rating", json()))},
                                         {"rd", whole(p.value("rd", json()))},
                                         {"games", whole(p.value("games", json()))},
                                         {"wins", whole(p.value("wins", json()))}}) +
               "\n";
    }
    for (const json& b : board.value("bots", json::array()))
        out += tr("ratings.board_bot", {{"name", text_of(b, "name")}, {"rating", whole(b.value("rating", json()))}}) +
               "\n";
    return out;
}

std::string profile_text(const json& profile) {
    std::string out = tr("ratings.profile_title", {{"name", text_of(profile, "name")}}) + "\n";
    const json ratings = profile.value("ratings", json::array());
    if (ratings.empty()) out += tr("ratings.no_ratings") + "\n";
    for (const json& r : ratings) {
        const std::string key = r.value("provisional", false) ? "ratings.rating_provisional" : "ratings.rating_line";
        out += tr(key, {{"rules", text_of(r, "key")},
                        {"rating", whole(r.value("rating", json()))},
                        {"rd", whole(r.value("rd", json()))},
                        {"games", whole(r.value("games", json()))},
                        {"wins", whole(r.value("wins", json()))}}) +
               "\n";
    }
    for (const json& s : profile.value("stats", json::array())) {
        const json average = s.value("average", json::object());
        out += tr("ratings.stats_line", {{"rules", text_of(s, "key")},
                                         {"games", whole(s.value("games", json()))},
                                         {"wins", whole(s.value("wins", json()))},
                                         {"score", decimal(average.value("score", json()))},
                                         {"tiles", decimal(average.value("tiles_placed", json()))},
                                         {"followers", decimal(average.value("followers_used", json()))}}) +
               "\n";
        std::string kinds;
        const json per_kind = average.value("points", json::object());
        for (const auto& [kind, points] : per_kind.items())
            kinds += (kinds.empty() ? "" : ", ") + kind_word(kind) + " " + decimal(points);
        if (!kinds.empty()) out += "    " + tr("ratings.per_game") + ": " + kinds + "\n";
    }
    return out;
}

}  // namespace carc::term
