#include "my_games_text.hpp"

#include <ctime>

#include "i18n.hpp"

namespace carc::term {

using nlohmann::json;

std::string utc_time_text(std::int64_t unix_ms) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
    return text;
}

std::string my_game_line(const json& g) {
    const bool your_turn = g.value("your_turn", false);
    std::string out = your_turn ? "* " : "  ";
    out += g.value("room", std::string("?")) + "  " + tr("status." + g.value("status", std::string("waiting")));
    if (g.contains("name") && g["name"].is_string()) out += "  " + g["name"].get<std::string>();
    if (your_turn) out += "  " + tr("my_games.your_turn");
    if (g.value("away", false)) out += "  " + tr("my_games.away");
    if (g.contains("deadline_ms") && g["deadline_ms"].is_number_integer())
        out += "  " + tr("my_games.until", {{"time", utc_time_text(g["deadline_ms"].get<std::int64_t>())}});
    return out;
}

std::string my_games_text(const json& games) {
    std::string out;
    for (const json& g : games.value("games", json::array())) out += my_game_line(g) + "\n";
    return out.empty() ? tr("my_games.none") + "\n" : out;
}

}  // namespace carc::term
