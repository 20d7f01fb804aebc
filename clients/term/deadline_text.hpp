#pragma once
// A turn-based move's deadline (the view's `you.deadline_ms`) as the game screen says it:
// "your move by 12 Dec 14:00 (2 d 3 h)", in the client's language (Russian with its plurals).
// Pure, for the tests: the time of day is shown at `utc_offset_minutes` from UTC (the terminal's
// local zone in the client).

#include <cstdint>
#include <string>

namespace carc::term {

// The time left: "2 d 3 h", "5 h 10 min", "45 min" (at least a minute while any is left);
// "time is up" once the deadline passed.
std::string time_left_text(std::int64_t left_ms);
// "your move by DAY MON HH:MM (LEFT)".
std::string move_deadline_text(std::int64_t deadline_ms, std::int64_t now_ms, int utc_offset_minutes);
// The local zone's offset from UTC at `unix_ms`, in minutes.
int local_utc_offset_minutes(std::int64_t unix_ms);

}  // namespace carc::term
