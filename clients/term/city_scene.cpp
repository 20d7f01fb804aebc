#include "city_scene.hpp"

#include <string>

#include "choice_list.hpp"
#include "i18n.hpp"

namespace carc::term {

namespace {

SceneQuarter* quarter_named(SceneCity& city, const std::string& name) {
    for (SceneQuarter& q : city.quarters)
        if (q.name == name) return &q;
    return nullptr;
}

// The digit option `index` is taken with (choice_list), or 0.
char choice_letter(const std::vector<json>& options, std::size_t index) {
    const auto keys = choice_keys(options);
    return index < keys.size() && keys[index].size() == 1 && keys[index] != "p" ? keys[index][0] : 0;
}

}  // namespace

std::optional<SceneCity> scene_city(const json& game, const std::vector<json>& options) {
    if (!game.is_object()) return std::nullopt;
    std::optional<SceneCity> city;
    for (const auto& t : game.value("board", json::array()))
        if (t.value("tile", std::string()) == "CO-1") {
            city = SceneCity{};
            city->corner = {t.value("x", 0), t.value("y", 0)};
        }
    if (!city) return std::nullopt;
    for (std::size_t i = 0; i < city_quarters.size(); ++i) {
        city->quarters[i].name = city_quarters[i];
        city->quarters[i].label = tr(std::string("quarter_short.") + city_quarters[i]);
    }
    if (SceneQuarter* q = quarter_named(*city, game.value("count_quarter", std::string()))) q->count = true;
    for (const auto& f : game.value("followers", json::array()))
        if (f.value("spot", std::string()) == "quarter")
            if (SceneQuarter* q = quarter_named(*city, f.value("quarter", std::string())))
                q->followers.push_back(f.value("owner", 0));
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string type = options[i].value("type", std::string());
        if (type != "city_follower" && type != "move_count" && type != "redeploy") continue;
        if (SceneQuarter* q = quarter_named(*city, options[i].value("quarter", std::string())))
            if (!q->mark) q->mark = choice_letter(options, i);
    }
    return city;
}

std::optional<SceneMark> redeploy_mark(const json& game, const std::vector<json>& options) {
    if (!game.is_object() || game.value("phase", std::string()) != "redeploy") return std::nullopt;
    const json onto = game.value("redeploy_onto", json());
    if (!onto.is_object()) return std::nullopt;
    char letter = '!';
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].value("type", std::string()) == "redeploy" && choice_letter(options, i)) {
            letter = choice_letter(options, i);
            break;
        }
    return SceneMark{{onto.value("x", 0), onto.value("y", 0)}, onto.value("segment", 0), letter};
}

std::optional<BoardCoord> city_focus(const json& game) {
    if (const auto mark = redeploy_mark(game, {})) return mark->at;
    const std::string phase = game.is_object() ? game.value("phase", std::string()) : "";
    if (phase != "city_follower" && phase != "move_count") return std::nullopt;
    if (const auto city = scene_city(game, {})) return BoardCoord{city->corner.x + 2, city->corner.y + 1};
    return std::nullopt;
}

}  // namespace carc::term
