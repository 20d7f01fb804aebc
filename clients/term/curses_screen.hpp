#pragma once
// The terminal itself: ncurses set up in the constructor and restored in the destructor (also
// on SIGINT / SIGTERM through the app's loop), one colour pair per Style, and small drawing
// helpers; UTF-8 text (ncursesw, the locale set in main) measured in columns. The only file
// besides the screens that includes curses.h.

#include <string>

#include "styled_text.hpp"

namespace carc::term {

inline constexpr int wide_key_base = 0x1000000;

class CursesScreen {
public:
    CursesScreen();
    ~CursesScreen();
    CursesScreen(const CursesScreen&) = delete;
    CursesScreen& operator=(const CursesScreen&) = delete;

    int width() const;
    int height() const;
    // Waits up to 100 ms; -1 when no key came. ASCII as itself, function keys as KEY_*, other
    // characters as wide_key_base + their code point.
    int read_key();
    void begin_frame();
    void end_frame();
    void line(int y, int x, const StyledLine& cells, int max_width);
    void text(int y, int x, const std::string& s, int max_width, Style style = Style::text,
              bool bold = false, bool reverse = false);
    void fill_row(int y, Style style, bool reverse);
    void bell();
    // The terminal's title, where the terminal takes one (turn_clock.hpp); once per change.
    void set_title(const std::string& title);

private:
    std::string title_;
};

}  // namespace carc::term
