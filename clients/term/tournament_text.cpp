#include "tournament_text.hpp"

#include <cstdio>

namespace carc::term {

namespace {

std::string fixed(double value, int decimals) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string padded(std::string text, std::size_t width) {
    // Names may be UTF-8: pad by code points, not bytes.
    std::size_t points = 0;
    for (const unsigned char c : text) points += (c & 0xC0) != 0x80 ? 1 : 0;
    if (points < width) text.append(width - points, ' ');
    return text;
}

}  // namespace

std::string tournament_text(const nlohmann::json& t) {
    std::string out = t.value("name", "") + " (" + t.value("format", "") + ", " + t.value("status", "") +
                      ", round " + std::to_string(t.value("round", 0)) + ")\n";
    out += "  #  " + padded("player", 20) + " points  Buchholz  SB\n";
    for (const auto& row : t.value("standings", nlohmann::json::array())) {
        std::string rank = std::to_string(row.value("rank", 0));
        out += std::string(3 - std::min<std::size_t>(3, rank.size()), ' ') + rank + "  " +
               padded(row.value("name", "") + (row.value("withdrawn", false) ? " (withdrawn)" : ""), 20) + " " +
               padded(fixed(row.value("points", 0.0), 1), 6) + "  " + padded(fixed(row.value("buchholz", 0.0), 2), 8) +
               "  " + fixed(row.value("sonneborn_berger", 0.0), 2) + "\n";
    }
    const auto& rounds = t.value("tables", nlohmann::json::array());
    if (rounds.empty()) return out;
    out += "round " + std::to_string(rounds.size()) + ":\n";
    for (const auto& table : rounds.back()) {
        std::string names;
        for (const auto& p : table.value("players", nlohmann::json::array())) {
            if (!names.empty()) names += " - ";
            names += p.value("name", "");
            if (p.contains("place")) names += " (" + std::to_string(p["place"].get<int>() + 1) + ")";
        }
        if (table.value("bye", false)) out += "  bye: " + names + "\n";
        else out += "  " + table.value("room", "") + ": " + names + (table.value("finished", false) ? " (finished)" : "") + "\n";
    }
    return out;
}

}  // namespace carc::term
