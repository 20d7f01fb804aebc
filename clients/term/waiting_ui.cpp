// The waiting room: seats, invite code, host commands, chat.

#include <curses.h>

#include "app.hpp"
#include "bot_keys.hpp"
#include "i18n.hpp"

namespace carc::term {

void App::draw_waiting() {
    const json& room = model_.view()["room"];
    header(tr("header.waiting", {{"room", room.value("name", std::string())}}));
    const int w = screen_.width();
    int y = 2;
    std::string rules = tr(room["settings"].value("rules", std::string()) == "castle" ? "rules.castle" : "rules.carcassonne");
    const json expansions = room["settings"].value("expansions", json::object());
    for (const auto& [k, on] : expansions.items())
        if (on.is_boolean() && on.get<bool>()) rules += " +" + tr("expansion." + k);
    screen_.text(y++, 2, rules, w - 4);
    screen_.text(y++, 2, tr("waiting.invite", {{"code", room.value("invite", std::string())}}), w - 4);
    ++y;
    for (const auto& s : room.value("seats", json::array())) {
        const int seat = s.value("seat", 0);
        std::string line = tr("seat.n", {{"n", std::to_string(seat + 1)}}) + ": ";
        const std::string kind = s.value("kind", std::string());
        if (kind == "empty") line += tr("waiting.empty");
        else if (kind == "bot") line += model_.seat_name(seat);
        else line += s.value("name", std::string()) + (s.value("online", false) ? "" : " " + tr("side.offline"));
        if (kind == "human" && s.value("person", std::string()) == room.value("host", std::string())) line += "  " + tr("waiting.host");
        if (model_.my_seat() == seat) line += "  " + tr("waiting.you");
        screen_.text(y++, 4, line, w - 6, kind == "empty" ? Style::interior : player_style(seat));
    }
    ++y;
    screen_.text(y++, 2, tr(model_.is_host() ? "waiting.you_host" : "waiting.host_starts"), w - 4);
    const int rows = screen_.height() - 3 - (y + 1);
    if (rows >= 2) {
        screen_.text(y + 1, 2, tr("side.chat"), w - 4, Style::text, true);
        draw_lines(y + 2, 2, w - 4, rows - 1, model_.chat(), 0);
    }
    status_lines(tr(model_.is_host() ? "keys.waiting_host" : "keys.waiting"));
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
        model_.user_request({{"type", "start"}, {"room", room}});
    } else if (const char* kind = bot_for_key(k)) {
        const int seat = first_seat("empty", false);
        if (seat >= 0) model_.user_request({{"type", "set_bot"}, {"room", room}, {"seat", seat}, {"bot", kind}});
    } else if (k == 'x') {
        const int seat = first_seat("bot", true);
        if (seat >= 0) model_.user_request({{"type", "set_bot"}, {"room", room}, {"seat", seat}, {"bot", nullptr}});
    } else if (k == 't') {
        chat_prompt();
    } else if (k == 'L') {
        model_.user_request({{"type", "leave"}, {"room", room}});
    }
}

}  // namespace carc::term
