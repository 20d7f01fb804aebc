// The waiting room: seats, invite code, host commands, chat.

#include <curses.h>

#include "app.hpp"

namespace carc::term {

void App::draw_waiting() {
    const json& room = model_.view()["room"];
    header("carc-term - " + room.value("name", std::string()) + " (waiting)");
    int y = 2;
    const std::string rules = room["settings"].value("rules", std::string()) == "castle" ? "The Castle" : "Carcassonne";
    std::string exps;
    const json expansions = room["settings"].value("expansions", json::object());
    for (const auto& [k, on] : expansions.items())
        if (on.is_boolean() && on.get<bool>()) exps += " +" + k;
    screen_.text(y++, 2, rules + exps + "   invite code: " + room.value("invite", std::string()), screen_.width() - 4);
    ++y;
    for (const auto& s : room.value("seats", json::array())) {
        const int seat = s.value("seat", 0);
        std::string line = "seat " + std::to_string(seat + 1) + ": ";
        const std::string kind = s.value("kind", std::string());
        if (kind == "empty") line += "(empty)";
        else if (kind == "bot") line += s.value("name", std::string()) + " [" + s.value("bot", std::string()) + " bot]";
        else line += s.value("name", std::string()) + (s.value("online", false) ? "" : " (offline)");
        if (kind == "human" && s.value("person", std::string()) == room.value("host", std::string())) line += "  host";
        if (model_.my_seat() == seat) line += "  <- you";
        screen_.text(y++, 4, line, screen_.width() - 6, kind == "empty" ? Style::interior : player_style(seat));
    }
    ++y;
    screen_.text(y++, 2, model_.is_host() ? "You are the host: s starts once every seat is filled."
                                          : "The host starts the game when every seat is filled.",
                 screen_.width() - 4);
    draw_list(y + 1, 2, screen_.width() - 4, screen_.height() - y - 4, model_.chat(), "Chat");
    help_line("s start  a/A add greedy/random bot  x remove bot  t chat  L leave  q quit");
}

void App::waiting_key(int k) {
    const std::string room = model_.room_id();
    const json& seats = model_.view()["room"]["seats"];
    auto first_seat = [&](const std::string& kind, bool last) {
        int found = -1;
        for (const auto& s : seats)
            if (s.value("kind", std::string()) == kind && (found < 0 || last)) found = s.value("seat", 0);
        return found;
    };
    if (k == 's') {
        model_.request({{"type", "start"}, {"room", room}});
    } else if (k == 'a' || k == 'A') {
        const int seat = first_seat("empty", false);
        if (seat >= 0) model_.request({{"type", "set_bot"}, {"room", room}, {"seat", seat}, {"bot", k == 'a' ? "greedy" : "random"}});
    } else if (k == 'x') {
        const int seat = first_seat("bot", true);
        if (seat >= 0) model_.request({{"type", "set_bot"}, {"room", room}, {"seat", seat}, {"bot", nullptr}});
    } else if (k == 't') {
        ask("Chat", [this](const std::string& text) {
            if (!text.empty()) model_.request({{"type", "chat"}, {"room", model_.room_id()}, {"text", text}});
        });
    } else if (k == 'L') {
        model_.request({{"type", "leave"}, {"room", room}});
    }
}

}  // namespace carc::term
