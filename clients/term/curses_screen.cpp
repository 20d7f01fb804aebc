#include "curses_screen.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <curses.h>

#include "text_width.hpp"
#include "turn_clock.hpp"

namespace carc::term {

namespace {

struct Colours {
    short fg;
    short bg;
    bool bold;
};

// Index = Style.
constexpr Colours palette[style_count] = {
    {-1, -1, false},                   // blank
    {-1, -1, false},                   // text
    {COLOR_GREEN, -1, false},          // field
    {COLOR_YELLOW, -1, true},          // city
    {COLOR_BLUE, COLOR_YELLOW, true},  // pennant
    {COLOR_WHITE, -1, true},           // road
    {COLOR_WHITE, -1, false},          // street
    {COLOR_CYAN, -1, true},            // river
    {COLOR_RED, -1, true},             // cloister
    {COLOR_MAGENTA, -1, true},         // shrine
    {COLOR_MAGENTA, -1, true},         // tower
    {COLOR_RED, -1, false},            // house
    {COLOR_WHITE, -1, true},           // castle tower
    {COLOR_GREEN, -1, true},           // courtyard
    {COLOR_YELLOW, -1, false},         // wall
    {COLOR_RED, -1, true},             // wall tower
    {COLOR_BLUE, -1, false},           // interior
    {COLOR_CYAN, -1, true},            // legal
    {COLOR_BLACK, COLOR_CYAN, true},   // mark
    {COLOR_WHITE, COLOR_BLACK, true},  // count
    {COLOR_WHITE, COLOR_RED, true},    // bad
    {COLOR_WHITE, COLOR_RED, true},    // player 1
    {COLOR_WHITE, COLOR_BLUE, true},   // player 2
    {COLOR_BLACK, COLOR_GREEN, true},  // player 3
    {COLOR_BLACK, COLOR_YELLOW, true}, // player 4
    {COLOR_WHITE, COLOR_MAGENTA, true},// player 5
    {COLOR_BLACK, COLOR_CYAN, true},   // player 6
};

chtype attributes(Style style, bool emphasis) {
    const int i = static_cast<int>(style);
    chtype a = has_colors() ? COLOR_PAIR(i + 1) : 0;
    if (palette[i].bold) a |= A_BOLD;
    if (emphasis) a |= A_REVERSE;
    return a;
}

}  // namespace

CursesScreen::CursesScreen() {
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    timeout(100);
    if (has_colors()) {
        start_color();
        use_default_colors();
        for (int i = 0; i < style_count; ++i)
            init_pair(static_cast<short>(i + 1), palette[i].fg, palette[i].bg);
    }
}

CursesScreen::~CursesScreen() { endwin(); }

int CursesScreen::width() const { return COLS; }
int CursesScreen::height() const { return LINES; }
int CursesScreen::read_key() {
    wint_t c = 0;
    const int kind = get_wch(&c);
    if (kind == ERR) return -1;
    if (kind == KEY_CODE_YES) return static_cast<int>(c);
    return c < 128 ? static_cast<int>(c) : wide_key_base + static_cast<int>(c);
}
void CursesScreen::begin_frame() { erase(); }
void CursesScreen::end_frame() { refresh(); }

void CursesScreen::line(int y, int x, const StyledLine& cells, int max_width) {
    if (y < 0 || y >= LINES) return;
    const int n = std::min({static_cast<int>(cells.size()), max_width, COLS - x});
    for (int i = 0; i < n; ++i) {
        const Cell& c = cells[static_cast<std::size_t>(i)];
        const chtype a = attributes(c.style, c.emphasis);
        if (c.ch < 128) {
            mvaddch(y, x + i, static_cast<chtype>(c.ch) | a);
            continue;
        }
        const wchar_t wide[2] = {static_cast<wchar_t>(c.ch), L'\0'};
        cchar_t cc;
        setcchar(&cc, wide, a & ~A_COLOR, static_cast<short>(PAIR_NUMBER(a)), nullptr);
        mvadd_wch(y, x + i, &cc);
    }
}

void CursesScreen::text(int y, int x, const std::string& s, int max_width, Style style, bool bold, bool reverse) {
    if (y < 0 || y >= LINES || x >= COLS || max_width <= 0) return;
    const std::string shown = clip(s, std::min(max_width, COLS - x));
    attrset(attributes(style, reverse) | (bold ? A_BOLD : 0));
    mvaddstr(y, x, shown.c_str());
    attrset(A_NORMAL);
}

void CursesScreen::fill_row(int y, Style style, bool reverse) {
    if (y < 0 || y >= LINES) return;
    attrset(attributes(style, reverse));
    mvhline(y, 0, ' ', COLS);
    attrset(A_NORMAL);
}

void CursesScreen::bell() { beep(); }

void CursesScreen::set_title(const std::string& title) {
    if (title == title_) return;
    title_ = title;
    const char* term = std::getenv("TERM");
    const std::string sequence = title_sequence(term ? term : "", title);
    if (sequence.empty()) return;
    std::fputs(sequence.c_str(), stdout);
    std::fflush(stdout);
}

}  // namespace carc::term
