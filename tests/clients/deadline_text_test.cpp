// A turn-based move's deadline on the game screen: the day, month and time of day in the
// terminal's zone, and the time left, in English and in Russian with its plurals.

#include <catch2/catch.hpp>

#include "deadline_text.hpp"
#include "i18n.hpp"
#include "text_width.hpp"

using namespace carc::term;

namespace {

// 2026-12-12 14:00 UTC.
constexpr std::int64_t dec12_14h = 1765548000000;
constexpr std::int64_t minute = 60'000, hour = 60 * minute, day = 24 * hour;
// The game screen's side panel at 80 columns (game_ui.cpp: 30 columns, one for the border).
constexpr int side_panel_width = 29;

struct language_for_test {
    explicit language_for_test(Lang lang) { set_language(lang); }
    ~language_for_test() { set_language(Lang::en); }
};

}  // namespace

TEST_CASE("a move's deadline reads as its day and time with the time left, in English") {
    language_for_test en(Lang::en);
    CHECK(move_deadline_text(dec12_14h, dec12_14h - 2 * day - 3 * hour, 0) == "your move by 12 Dec 14:00 (2 d 3 h)");
    // In the terminal's zone: three hours east of UTC.
    CHECK(move_deadline_text(dec12_14h, dec12_14h - day, 180) == "your move by 12 Dec 17:00 (1 d)");
    CHECK(move_deadline_text(dec12_14h, dec12_14h - 5 * hour - 10 * minute, 0) == "your move by 12 Dec 14:00 (5 h 10 min)");
    CHECK(time_left_text(45 * minute) == "45 min");
    CHECK(time_left_text(10'000) == "1 min");  // the last minute still shows
    CHECK(time_left_text(0) == "time is up");
    CHECK(time_left_text(-5 * minute) == "time is up");
    // Past midnight into the next month and year.
    CHECK(move_deadline_text(1798761540000, 1798761540000 - minute, 60) == "your move by 1 Jan 00:59 (1 min)");
    // The longest (two-digit days and hours) takes two rows of the side panel at 80x24.
    CHECK(wrap(move_deadline_text(dec12_14h, dec12_14h - 13 * day - 23 * hour, 0), side_panel_width).size() <= 2);
}

TEST_CASE("a move's deadline in Russian, with days, hours and minutes in their plural forms") {
    language_for_test ru(Lang::ru);
    CHECK(move_deadline_text(dec12_14h, dec12_14h - 2 * day - 3 * hour, 0) == "ваш ход до 12 дек 14:00 (2 дня 3 часа)");
    CHECK(time_left_text(1 * day + 1 * hour) == "1 день 1 час");
    CHECK(time_left_text(5 * day + 11 * hour) == "5 дней 11 часов");
    CHECK(time_left_text(21 * day + 22 * hour) == "21 день 22 часа");
    CHECK(time_left_text(12 * day) == "12 дней");
    CHECK(time_left_text(1 * hour + 21 * minute) == "1 час 21 минута");
    CHECK(time_left_text(2 * hour + 14 * minute) == "2 часа 14 минут");
    CHECK(time_left_text(3 * minute) == "3 минуты");
    CHECK(time_left_text(0) == "время вышло");
    CHECK(move_deadline_text(dec12_14h - 11 * day, dec12_14h - 12 * day, 0) == "ваш ход до 1 дек 14:00 (1 день)");
    CHECK(wrap(move_deadline_text(dec12_14h, dec12_14h - 14 * day - 22 * hour, 0), side_panel_width).size() <= 2);
}
