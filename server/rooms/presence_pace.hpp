#pragma once
// How often a room's spectator list may go out: every `interval`, stretched for a crowd so that
// its presence patches cost at most `budget` sends a second (each goes to every viewer);
// `budget` 0 leaves the interval as it is (docs/protocol.md, "Spectators").
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace carc::server {

inline std::chrono::milliseconds presence_pace(std::chrono::milliseconds interval, int budget, std::size_t viewers) {
    if (budget <= 0) return interval;
    return std::max(interval, std::chrono::milliseconds(static_cast<std::int64_t>(viewers) * 1000 / budget));
}

}  // namespace carc::server
