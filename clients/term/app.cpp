#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>

#include <curses.h>
#include <sys/stat.h>

#include "i18n.hpp"
#include "text_width.hpp"

namespace carc::term {

namespace {
bool is_yes(int k) {
    return k == 'y' || k == 'Y' || k == wide_key_base + 0x434 || k == wide_key_base + 0x414;  // д, Д (да)
}
}  // namespace

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

int App::run(const Signals& signals, volatile std::sig_atomic_t& interrupt_flag) {
    while (!quit_ && !signals.terminate) {
        if (signals.interrupt) {  // Ctrl-C: like q; a second one while asked quits
            interrupt_flag = 0;
            if (question_.active) quit_ = true;
            else request_quit();
            dirty_ = true;
            continue;
        }
        pump_network();
        if (review_tick()) dirty_ = true;
        if (dirty_) {
            draw();
            dirty_ = false;
            alert_turn();
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
        if (question_.active) question_key(k);
        else if (prompt_.active) prompt_key(k);
        else if (review_) review_key(k);
        else if (overlay_ != Overlay::none) overlay_key(k);
        else key(k);
        flush_outbox();
    }
    save_token();
    if (seated_in_running_game() && !token_file_.empty())
        farewell_ = tr("farewell.seat_kept", {{"room", model_.view()["room"].value("name", std::string())}});
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
            if (auto to = model_.take_redirect()) connection_.move_to(std::move(*to));
        }
    }
    save_token();
    if (model_.in_room() && current_ != Screen::room) current_ = Screen::room;
    if (!model_.in_room() && current_ == Screen::room) current_ = Screen::lobby;
    flush_outbox();
}

// The player's turn has come: a bell once when it begins and once when its time runs low, and
// the terminal's title says so while it lasts (another window or tab may be in front).
void App::alert_turn() {
    const bool mine = current_ == Screen::room && (model_.my_placement() || model_.my_decision());
    const json& g = model_.game();
    const auto seat = model_.my_seat();
    const bool low = mine && seat && g.is_object() && g.contains("clock") && g["clock"].is_object() &&
                     clock_low(g["clock"], *seat,
                               std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::system_clock::now().time_since_epoch()).count());
    if (turn_alert_.update(mine, g.is_object() ? g.value("turn", 0LL) : 0, low)) screen_.bell();
    screen_.set_title(tr(mine ? "title.your_turn" : "title.default"));
}

void App::flush_outbox() {
    for (const json& m : model_.take_outbox()) connection_.send(m.dump());
}

void App::ask(std::string label, std::function<void(const std::string&)> done) {
    prompt_ = {true, std::move(label), "", std::move(done)};
}

void App::confirm(std::string label, std::function<void()> yes) {
    question_ = {true, std::move(label), std::move(yes)};
}

bool App::in_running_game() const {
    return current_ == Screen::room && model_.game().is_object() && model_.game()["result"].is_null();
}

bool App::seated_in_running_game() const {
    if (!in_running_game() || !model_.my_seat()) return false;
    for (const auto& s : model_.view()["room"].value("seats", json::array()))
        if (s.value("seat", -1) == *model_.my_seat()) return !s.value("resigned", false);
    return true;
}

// Quitting in a room asks first: a seated player's seat stays theirs (the token file brings
// them back), a spectator just stops watching.
void App::request_quit() {
    if (current_ != Screen::room) {
        quit_ = true;
        return;
    }
    confirm(tr(seated_in_running_game() ? "ask.quit_seated" : "ask.quit"), [this] { quit_ = true; });
}

void App::question_key(int k) {
    question_.active = false;
    if (is_yes(k) && question_.yes) question_.yes();
}

void App::prompt_key(int k) {
    if (k == 27) {
        prompt_.active = false;
    } else if (k == '\n' || k == KEY_ENTER || k == '\r') {
        prompt_.active = false;
        if (prompt_.done) prompt_.done(prompt_.text);
    } else if (k == KEY_BACKSPACE || k == 127 || k == 8) {
        pop_character(prompt_.text);
    } else if (utf8_length(prompt_.text) < 500) {
        if (k >= 32 && k < 127) prompt_.text.push_back(static_cast<char>(k));
        else if (k >= wide_key_base) prompt_.text += encode_utf8(static_cast<char32_t>(k - wide_key_base));
    }
}

void App::key(int k) {
    if (k == 'q') {
        request_quit();
        return;
    }
    if (k == '?') {
        overlay_ = Overlay::help_keys;
        return;
    }
    if (k == 'D') {  // drop the link on purpose: shows (and tests) reconnecting with the token
        connection_.drop();
        return;
    }
    switch (current_) {
        case Screen::lobby: lobby_key(k); break;
        case Screen::create: create_key(k); break;
        case Screen::my_games: my_games_key(k); break;
        case Screen::room:
            if (model_.game().is_object()) game_key(k);
            else waiting_key(k);
            break;
    }
}

void App::header(const std::string& title) {
    screen_.fill_row(0, Style::text, true);
    const std::string right = tr(model_.online() ? "header.online" : "header.offline", {{"name", model_.name()}});
    const int right_w = display_width(right);
    const int room_for_right = screen_.width() - display_width(title) - 3;
    screen_.text(0, 1, title, screen_.width() - 2, Style::text, true, true);
    if (room_for_right >= right_w) screen_.text(0, screen_.width() - right_w - 1, right, right_w, Style::text, false, true);
}

// The two bottom lines: the status (connection, last error) or the open prompt, and the keys.
void App::status_lines(const std::string& keys) {
    const int h = screen_.height();
    if (question_.active) {
        screen_.text(h - 2, 0, question_.label, screen_.width(), Style::text, true);
    } else if (prompt_.active) {
        // The end of a long text stays in sight.
        const std::string label = prompt_.label + ": ";
        const std::string text = clip_left(prompt_.text + "_", screen_.width() - display_width(label));
        screen_.text(h - 2, 0, label + text, screen_.width(), Style::text, true);
    } else {
        screen_.text(h - 2, 0, model_.status(), screen_.width(), Style::legal);
    }
    screen_.fill_row(h - 1, Style::text, true);
    const std::string shown = question_.active ? tr("keys.question") : prompt_.active ? tr("keys.prompt") : keys;
    screen_.text(h - 1, 0, shown, screen_.width(), Style::text, false, true);
}

void App::draw() {
    screen_.begin_frame();
    if (screen_.width() < min_columns || screen_.height() < min_rows) {
        draw_too_small();
    } else if (review_) {
        draw_review();
    } else if (overlay_ != Overlay::none) {
        draw_overlay();
    } else {
        switch (current_) {
            case Screen::lobby: draw_lobby(); break;
            case Screen::create: draw_create(); break;
            case Screen::my_games: draw_my_games(); break;
            case Screen::room:
                if (model_.game().is_object()) draw_game();
                else draw_waiting();
                break;
        }
    }
    screen_.end_frame();
}

// Below 80x24 the screens do not fit (the key hints, the board beside the side panel): say so,
// rather than draw them cut. The keys still work (q quits).
void App::draw_too_small() {
    const int w = screen_.width();
    const std::string text = tr("screen.too_small", {{"width", std::to_string(w)}, {"height", std::to_string(screen_.height())},
                                                      {"min_width", std::to_string(min_columns)}, {"min_height", std::to_string(min_rows)}});
    int y = 0;
    for (const std::string& line : wrap(text, std::max(1, w))) screen_.text(y++, 0, line, w, Style::bad, true);
}

void App::chat_prompt() {
    ask(tr("prompt.chat"), [this](const std::string& text) {
        if (!text.empty()) model_.user_request({{"type", "chat"}, {"room", model_.room_id()}, {"text", text}});
    });
}

}  // namespace carc::term
