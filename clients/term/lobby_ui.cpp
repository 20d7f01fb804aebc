// The lobby (room list, join, spectate, invite code) and the create-room form.

#include <curses.h>

#include "app.hpp"

namespace carc::term {

namespace {

std::string room_line(const json& r) {
    std::string exps;
    for (const auto& e : r.value("expansions", json::array())) exps += (exps.empty() ? "" : ",") + e.get<std::string>();
    std::string line = r.value("id", std::string()) + "  " + r.value("name", std::string());
    line.resize(std::max<std::size_t>(line.size(), 28), ' ');
    line += "  " + std::string(r.value("rules", std::string()) == "castle" ? "Castle" : "Carcassonne");
    line += "  " + r.value("status", std::string());
    line += "  seats " + std::to_string(r.value("taken", 0)) + "/" + std::to_string(r.value("seats", 0));
    if (r.value("bots", 0) > 0) line += " (" + std::to_string(r.value("bots", 0)) + " bot)";
    if (!exps.empty()) line += "  +" + exps;
    return line;
}

bool is_enter(int k) { return k == '\n' || k == '\r' || k == KEY_ENTER; }

}  // namespace

void App::draw_lobby() {
    header("carc-term - lobby");
    const json& rooms = model_.rooms();
    int y = 2;
    screen_.text(y++, 2, "Open rooms", screen_.width() - 4, Style::text, true);
    if (rooms.empty()) screen_.text(y++, 4, "(none yet: press c to create one)", screen_.width() - 6);
    if (lobby_row_ >= rooms.size() && !rooms.empty()) lobby_row_ = rooms.size() - 1;
    for (std::size_t i = 0; i < rooms.size() && y < screen_.height() - 3; ++i) {
        const bool on = i == lobby_row_;
        screen_.text(y++, 2, (on ? "> " : "  ") + room_line(rooms[i]), screen_.width() - 4, Style::text, on, on);
    }
    help_line("Up/Down choose  Enter join  s spectate  c create  i invite code  q quit");
}

void App::lobby_key(int k) {
    const json& rooms = model_.rooms();
    if ((k == KEY_UP || k == 'k') && lobby_row_ > 0) --lobby_row_;
    else if ((k == KEY_DOWN || k == 'j') && lobby_row_ + 1 < rooms.size()) ++lobby_row_;
    else if (k == 'c') current_ = Screen::create;
    else if (k == 'i')
        ask("Invite code", [this](const std::string& code) {
            if (!code.empty()) model_.request({{"type", "join"}, {"invite", code}});
        });
    else if ((is_enter(k) || k == 's') && lobby_row_ < rooms.size()) {
        const std::string id = rooms[lobby_row_].value("id", std::string());
        if (k == 's' || rooms[lobby_row_].value("status", std::string()) != "waiting")
            model_.request({{"type", "spectate"}, {"room", id}});
        else
            model_.request({{"type", "join"}, {"room", id}});
    }
}

void App::draw_create() {
    header("carc-term - create a room");
    int y = 2;
    const auto rows = form_.rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const bool on = static_cast<int>(i) == form_.row;
        std::string label = rows[i].label;
        label.resize(34, ' ');
        const std::string line = (on ? "> " : "  ") + label + rows[i].value;
        screen_.text(y++, 2, line, screen_.width() - 4, rows[i].enabled ? Style::text : Style::interior, on, on);
    }
    help_line("Up/Down row  Left/Right/Space change  Enter create  Esc back  q quit");
}

void App::create_key(int k) {
    if (k == KEY_UP || k == 'k') form_.move(-1);
    else if (k == KEY_DOWN || k == 'j') form_.move(1);
    else if (k == KEY_LEFT || k == 'h') form_.change(-1);
    else if (k == KEY_RIGHT || k == 'l' || k == ' ') form_.change(1);
    else if (k == 27) current_ = Screen::lobby;
    else if (is_enter(k)) {  // Enter on any row creates the room as shown
        model_.request(form_.request());
        model_.set_status("creating the room...");
        current_ = Screen::lobby;
    }
}

}  // namespace carc::term
