// Over any screen: the help pages (`?`: the keys of the screen and the phase at hand, then the
// board's symbols) and the log or chat on the whole screen (`z`), scrollable.

#include <curses.h>

#include "app.hpp"
#include "i18n.hpp"

namespace carc::term {

std::vector<std::string> App::help_lines() const {
    std::vector<std::string> sections;
    if (overlay_ == Overlay::help_legend) {
        sections = {"legend"};
    } else if (current_ == Screen::lobby) {
        sections = {"lobby"};
    } else if (current_ == Screen::create) {
        sections = {"create"};
    } else if (current_ == Screen::my_games) {
        sections = {"my_games"};
    } else if (!model_.game().is_object()) {
        sections = {"waiting"};
    } else if (model_.game().contains("result") && model_.game()["result"].is_object()) {
        sections = {"game_over", "board"};
    } else if (model_.my_placement()) {
        sections = {"place", "board"};
    } else if (model_.my_decision()) {
        sections = {"decide", "board"};
    } else {
        sections = {"board", "place", "decide"};  // what comes on one's turn, too
    }
    if (overlay_ != Overlay::help_legend) sections.push_back("general");
    std::vector<std::string> out;
    for (const std::string& section : sections) {
        out.push_back(tr("help." + section));
        for (int i = 1;; ++i) {
            const std::string key = "help." + section + "." + std::to_string(i);
            const std::string line = tr(key);
            if (line == key) break;
            out.push_back("  " + line);
        }
    }
    return out;
}

void App::draw_overlay() {
    const int w = screen_.width(), h = screen_.height();
    if (overlay_ == Overlay::log) {
        const bool log = panel_ == Panel::log;
        header(tr(log ? "overlay.log" : "overlay.chat"));
        panel_scroll_ = std::min(panel_scroll_, draw_lines(1, 1, w - 2, h - 3, log ? model_.log() : model_.chat(), panel_scroll_));
        status_lines(tr("keys.overlay_log"));
        return;
    }
    header(tr(overlay_ == Overlay::help_keys ? "overlay.help_keys" : "overlay.help_legend"));
    const std::vector<std::string> lines = help_lines();
    // Two columns when the lines do not fit in one.
    const int rows = h - 3;
    const int columns = static_cast<int>(lines.size()) > rows && w >= 100 ? 2 : 1;
    const int col_w = (w - 2) / columns;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int col = static_cast<int>(i) / rows, row = static_cast<int>(i) % rows;
        if (col >= columns) break;
        const bool title = lines[i].rfind("  ", 0) != 0;
        screen_.text(1 + row, 1 + col * col_w, lines[i], col_w - 1, Style::text, title);
    }
    status_lines(tr(overlay_ == Overlay::help_keys ? "keys.overlay_help" : "keys.overlay_legend"));
}

void App::overlay_key(int k) {
    if (overlay_ == Overlay::log) {
        if (k == KEY_PPAGE || k == KEY_UP || k == 'k' || k == '[') panel_scroll_ += k == KEY_PPAGE || k == '[' ? screen_.height() - 4 : 1;
        else if (k == KEY_NPAGE || k == KEY_DOWN || k == 'j' || k == ']')
            panel_scroll_ = std::max(0, panel_scroll_ - (k == KEY_NPAGE || k == ']' ? screen_.height() - 4 : 1));
        else if (k == 'v') {
            panel_ = panel_ == Panel::log ? Panel::chat : Panel::log;
            panel_scroll_ = 0;
        } else if (k == 't') {
            chat_prompt();
        } else if (k == 27 || k == 'z' || k == 'q') {
            overlay_ = Overlay::none;
            panel_scroll_ = 0;
        }
        return;
    }
    if (k == '?') overlay_ = overlay_ == Overlay::help_keys ? Overlay::help_legend : Overlay::none;
    else overlay_ = Overlay::none;  // any other key closes the help
}

}  // namespace carc::term
