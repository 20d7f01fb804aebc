// The lobby (room list, join, spectate, invite code) and the create-room form.

#include <algorithm>

#include <curses.h>

#include "app.hpp"
#include "i18n.hpp"
#include "text_width.hpp"

namespace carc::term {

namespace {

std::string room_line(const json& r, int width) {
    std::string exps;
    for (const auto& e : r.value("expansions", json::array()))
        exps += (exps.empty() ? "" : ",") + tr("expansion." + e.get<std::string>());
    std::string line = pad(r.value("id", std::string()), 5) + " " + pad(r.value("name", std::string()), std::max(10, width / 4));
    line += "  " + tr(r.value("rules", std::string()) == "castle" ? "rules.castle" : "rules.carcassonne");
    line += "  " + tr("status." + r.value("status", std::string("waiting")));
    line += "  " + tr("lobby.seats", {{"taken", std::to_string(r.value("taken", 0))}, {"seats", std::to_string(r.value("seats", 0))}});
    if (r.value("bots", 0) > 0) line += " " + tr("lobby.bots", {{"count", std::to_string(r.value("bots", 0))}});
    if (!exps.empty()) line += "  +" + exps;
    return line;
}

bool is_enter(int k) { return k == '\n' || k == '\r' || k == KEY_ENTER; }

}  // namespace

void App::draw_lobby() {
    header(tr("header.lobby"));
    const json& rooms = model_.rooms();
    const int w = screen_.width();
    int y = 2;
    screen_.text(y++, 2, tr("lobby.rooms"), w - 4, Style::text, true);
    if (rooms.empty()) screen_.text(y++, 4, tr("lobby.none"), w - 6);
    if (lobby_row_ >= rooms.size() && !rooms.empty()) lobby_row_ = rooms.size() - 1;
    // A window of the list around the selected room.
    const int rows = screen_.height() - 3 - y;
    const std::size_t first = rooms.size() > static_cast<std::size_t>(rows) && lobby_row_ >= static_cast<std::size_t>(rows)
                                  ? lobby_row_ - static_cast<std::size_t>(rows) + 1 : 0;
    for (std::size_t i = first; i < rooms.size() && y < screen_.height() - 2; ++i) {
        const bool on = i == lobby_row_;
        screen_.text(y++, 2, (on ? "> " : "  ") + room_line(rooms[i], w - 6), w - 4, Style::text, on, on);
    }
    status_lines(tr("keys.lobby"));
}

void App::lobby_key(int k) {
    const json& rooms = model_.rooms();
    if ((k == KEY_UP || k == 'k') && lobby_row_ > 0) --lobby_row_;
    else if ((k == KEY_DOWN || k == 'j') && lobby_row_ + 1 < rooms.size()) ++lobby_row_;
    else if (k == 'c') current_ = Screen::create;
    else if (k == 'm') open_my_games();
    else if (k == 'i')
        ask(tr("prompt.invite"), [this](const std::string& code) {
            model_.open_invite(code);
        });
    else if ((is_enter(k) || k == 's') && lobby_row_ < rooms.size()) {
        const std::string id = rooms[lobby_row_].value("id", std::string());
        if (k == 's' || rooms[lobby_row_].value("status", std::string()) != "waiting")
            model_.user_request({{"type", "spectate"}, {"room", id}});
        else
            model_.user_request({{"type", "join"}, {"room", id}});
    }
}

void App::draw_create() {
    header(tr("header.create"));
    const int w = screen_.width();
    int y = 2;
    const auto rows = form_.rows();
    int label_w = 0;
    for (const auto& r : rows) label_w = std::max(label_w, display_width(r.label));
    label_w = std::min(label_w + 2, w / 2);
    const int value_w = 24;
    const bool notes_beside = w - 4 - 2 - label_w - value_w >= 30;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const bool on = static_cast<int>(i) == form_.row;
        const auto& r = rows[i];
        std::string line = (on ? "> " : "  ") + pad(r.label, label_w) + pad(r.value, value_w);
        screen_.text(y, 2, line, w - 4, r.enabled ? Style::text : Style::interior, on, on);
        if (notes_beside && !r.why.empty()) screen_.text(y, 2 + 2 + label_w + value_w, r.why, w - 6 - label_w - value_w, Style::interior);
        ++y;
    }
    // Narrow: under the form, why the dim rows are off (each reason once), then the current
    // row's hint.
    if (!notes_beside) {
        std::vector<std::string> notes;
        for (const auto& r : rows)
            if (!r.enabled && !r.why.empty() && std::find(notes.begin(), notes.end(), r.why) == notes.end()) notes.push_back(r.why);
        const auto& current = rows[static_cast<std::size_t>(form_.row)];
        if (!current.why.empty() && std::find(notes.begin(), notes.end(), current.why) == notes.end()) notes.push_back(current.why);
        ++y;
        for (const std::string& note : notes)
            if (y < screen_.height() - 2) screen_.text(y++, 4, note, w - 6, Style::interior);
    }
    status_lines(tr("keys.create"));
}

void App::create_key(int k) {
    if (k == KEY_UP || k == 'k') form_.move(-1);
    else if (k == KEY_DOWN || k == 'j') form_.move(1);
    else if (k == KEY_LEFT || k == 'h') form_.change(-1);
    else if (k == KEY_RIGHT || k == 'l' || k == ' ') form_.change(1);
    else if (k == 27) current_ = Screen::lobby;
    else if (is_enter(k)) {  // Enter on any row creates the room as shown
        json request = form_.request();
        request["name"] = tr("form.room_name", {{"name", model_.name()}});
        const bool online = model_.online();
        model_.user_request(std::move(request));  // offline: kept for the reconnect, and said
        if (online) model_.set_status(tr("status.creating"));
        current_ = Screen::lobby;
    }
}

}  // namespace carc::term
