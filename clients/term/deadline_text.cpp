#include "deadline_text.hpp"

#include <ctime>

#include "i18n.hpp"

namespace carc::term {

namespace {

constexpr std::int64_t minute_ms = 60'000;
constexpr std::int64_t hour_ms = 60 * minute_ms;
constexpr std::int64_t day_ms = 24 * hour_ms;

std::string amount(const char* unit, std::int64_t n) {
    return tr(std::string("deadline.") + unit, {{"count", std::to_string(n)}});
}

}  // namespace

std::string time_left_text(std::int64_t left_ms) {
    if (left_ms <= 0) return tr("deadline.time_up");
    const std::int64_t days = left_ms / day_ms, hours = left_ms % day_ms / hour_ms;
    // Minutes round up, so the last minute still reads "1 min".
    const std::int64_t minutes = (left_ms % hour_ms + minute_ms - 1) / minute_ms;
    if (days > 0) return hours > 0 ? amount("days", days) + " " + amount("hours", hours) : amount("days", days);
    if (hours > 0) return minutes > 0 ? amount("hours", hours) + " " + amount("minutes", minutes) : amount("hours", hours);
    return amount("minutes", minutes);
}

std::string move_deadline_text(std::int64_t deadline_ms, std::int64_t now_ms, int utc_offset_minutes) {
    const std::time_t seconds = static_cast<std::time_t>(deadline_ms / 1000 + std::int64_t{utc_offset_minutes} * 60);
    std::tm at{};
    gmtime_r(&seconds, &at);
    char clock[8];
    std::strftime(clock, sizeof clock, "%H:%M", &at);
    const std::string when =
        std::to_string(at.tm_mday) + " " + tr("deadline.month." + std::to_string(at.tm_mon + 1)) + " " + clock;
    return tr("deadline.your_move", {{"when", when}, {"left", time_left_text(deadline_ms - now_ms)}});
}

int local_utc_offset_minutes(std::int64_t unix_ms) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm local{};
    localtime_r(&seconds, &local);
    return static_cast<int>(local.tm_gmtoff / 60);
}

}  // namespace carc::term
