#include "turn_clock.hpp"

#include <algorithm>

namespace carc::term {

using nlohmann::json;

long long clock_remaining_ms(const json& clock, int seat, long long now_ms) {
    if (!clock.is_object() || seat < 0) return -1;
    const json remaining = clock.value("remaining_ms", json::array());
    if (seat >= static_cast<int>(remaining.size()) || !remaining[static_cast<std::size_t>(seat)].is_number()) return -1;
    long long ms = remaining[static_cast<std::size_t>(seat)].get<long long>();
    if (clock.value("running", -1) == seat) ms -= std::max(0LL, now_ms - clock.value("since", now_ms));
    return std::max(0LL, ms);
}

bool clock_low(const json& clock, int seat, long long now_ms) {
    const long long ms = clock_remaining_ms(clock, seat, now_ms);
    return ms >= 0 && ms < clock_warning_ms && clock.value("running", -1) == seat;
}

std::string clock_text(const json& clock, int seat, long long now_ms) {
    const long long ms = clock_remaining_ms(clock, seat, now_ms);
    if (ms < 0) return "";
    const long long seconds = (ms / 1000) % 60;
    return (clock_low(clock, seat, now_ms) ? "!" : "") + std::to_string(ms / 60000) + ":" + (seconds < 10 ? "0" : "") +
           std::to_string(seconds);
}

std::vector<int> clock_moves(const json& before, const json& after) {
    std::vector<int> seats;
    if (!before.is_object() || !after.is_object()) return seats;
    const json was = before.value("timeouts", json::array()), now = after.value("timeouts", json::array());
    for (std::size_t s = 0; s < now.size() && s < was.size(); ++s)
        if (now[s].is_number_integer() && was[s].is_number_integer())
            for (int k = was[s].get<int>(); k < now[s].get<int>(); ++k) seats.push_back(static_cast<int>(s));
    return seats;
}

std::string title_sequence(const std::string& term, const std::string& title) {
    static const char* const kinds[] = {"xterm", "rxvt", "screen", "tmux", "alacritty", "foot", "kitty", "st-", "vte", "konsole", "gnome"};
    bool known = false;
    for (const char* k : kinds)
        if (term.rfind(k, 0) == 0) known = true;
    if (!known) return "";
    std::string clean;  // no control characters inside the sequence
    for (const char c : title)
        if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) clean += c;
    return "\033]2;" + clean + "\007";
}

}  // namespace carc::term
