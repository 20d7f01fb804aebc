#include "my_games_text.hpp"

#include <ctime>

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

std::string my_games_text(const json& games) {
    std::string out;
    for (const json& g : games.value("games", json::array())) {
        out += g.value("your_turn", false) ? "* " : "  ";
        out += g.value("room", std::string("?")) + "  " + g.value("status", std::string());
        if (g.contains("name") && g["name"].is_string()) out += "  " + g["name"].get<std::string>();
        if (g.value("your_turn", false)) out += "  (your turn)";
        if (g.value("away", false)) out += "  (a bot plays your seat)";
        if (g.contains("deadline_ms") && g["deadline_ms"].is_number_integer())
            out += "  until " + utc_time_text(g["deadline_ms"].get<std::int64_t>());
        out += "\n";
    }
    return out.empty() ? "no games\n" : out;
}

}  // namespace carc::term
