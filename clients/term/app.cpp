#include "app.hpp"

#include <fstream>

#include <curses.h>
#include <sys/stat.h>

namespace carc::term {

App::App(Connection& connection, ClientModel& model, std::string token_file)
    : connection_(connection), model_(model), token_file_(std::move(token_file)), saved_token_(model.token()) {}

// The token is a secret: the file is readable by its owner only.
void App::save_token() {
    if (token_file_.empty() || model_.token() == saved_token_ || model_.token().empty()) return;
    const mode_t old = ::umask(077);
    std::ofstream(token_file_, std::ios::trunc) << model_.token() << "\n";
    ::umask(old);
    saved_token_ = model_.token();
}

int App::run(const volatile std::sig_atomic_t& stop_requested) {
    while (!quit_ && !stop_requested) {
        pump_network();
        if (dirty_) {
            draw();
            dirty_ = false;
        }
        const int k = screen_.read_key();
        if (k == -1) {
            // A running turn clock counts down on screen.
            const json& g = model_.game();
            if (current_ == Screen::room && g.is_object() && g.contains("clock") && g["clock"].is_object()) dirty_ = true;
            continue;
        }
        dirty_ = true;
        if (k == KEY_RESIZE) continue;  // ncurses already knows the new size; redraw
        if (prompt_.active) prompt_key(k);
        else key(k);
        flush_outbox();
    }
    return 0;
}

void App::pump_network() {
    for (LinkEvent& e : connection_.drain()) {
        dirty_ = true;
        if (e.kind == LinkEvent::Kind::connected) {
            model_.connected();
        } else if (e.kind == LinkEvent::Kind::disconnected) {
            model_.disconnected();
        } else {
            const json message = json::parse(e.text, nullptr, false);
            if (!message.is_discarded()) model_.handle(message);
        }
    }
    save_token();
    if (model_.in_room() && current_ != Screen::room) current_ = Screen::room;
    if (!model_.in_room() && current_ == Screen::room) current_ = Screen::lobby;
    flush_outbox();
}

void App::flush_outbox() {
    for (const json& m : model_.take_outbox()) connection_.send(m.dump());
}

void App::ask(std::string label, std::function<void(const std::string&)> done) {
    prompt_ = {true, std::move(label), "", std::move(done)};
}

void App::prompt_key(int k) {
    if (k == 27) {
        prompt_.active = false;
    } else if (k == '\n' || k == KEY_ENTER || k == '\r') {
        prompt_.active = false;
        if (prompt_.done) prompt_.done(prompt_.text);
    } else if (k == KEY_BACKSPACE || k == 127 || k == 8) {
        if (!prompt_.text.empty()) prompt_.text.pop_back();
    } else if (k >= 32 && k < 127 && prompt_.text.size() < 200) {
        prompt_.text.push_back(static_cast<char>(k));
    }
}

void App::key(int k) {
    if (k == 'q') {
        quit_ = true;
        return;
    }
    if (k == 'D') {  // drop the link on purpose: shows (and tests) reconnecting with the token
        connection_.drop();
        return;
    }
    switch (current_) {
        case Screen::lobby: lobby_key(k); break;
        case Screen::create: create_key(k); break;
        case Screen::room:
            if (model_.game().is_object()) game_key(k);
            else waiting_key(k);
            break;
    }
}

void App::header(const std::string& title) {
    screen_.fill_row(0, Style::text, true);
    screen_.text(0, 1, title, screen_.width() - 2, Style::text, true, true);
    const std::string right = (model_.online() ? "online: " : "offline: ") + model_.name();
    const int x = screen_.width() - static_cast<int>(right.size()) - 1;
    if (x > static_cast<int>(title.size()) + 2) screen_.text(0, x, right, static_cast<int>(right.size()), Style::text, false, true);
}

void App::help_line(const std::string& keys) {
    const int h = screen_.height();
    if (prompt_.active) {
        screen_.text(h - 2, 0, prompt_.label + ": " + prompt_.text + "_", screen_.width(), Style::text, true);
    } else {
        screen_.text(h - 2, 0, model_.status(), screen_.width(), Style::legal);
    }
    screen_.fill_row(h - 1, Style::text, true);
    screen_.text(h - 1, 0, prompt_.active ? "Enter send  Esc cancel" : keys, screen_.width(), Style::text, false, true);
}

void App::draw() {
    screen_.begin_frame();
    switch (current_) {
        case Screen::lobby: draw_lobby(); break;
        case Screen::create: draw_create(); break;
        case Screen::room:
            if (model_.game().is_object()) draw_game();
            else draw_waiting();
            break;
    }
    screen_.end_frame();
}

int App::draw_list(int y, int x, int width, int max_rows, const std::deque<std::string>& lines,
                   const std::string& title) {
    if (max_rows < 2) return y;
    screen_.text(y++, x, title, width, Style::text, true);
    const int shown = std::min(static_cast<int>(lines.size()), max_rows - 1);
    for (int i = static_cast<int>(lines.size()) - shown; i < static_cast<int>(lines.size()); ++i)
        screen_.text(y++, x, lines[static_cast<std::size_t>(i)], width);
    return y;
}

}  // namespace carc::term
