#pragma once
// The wall-clock time stamps the server writes into chat lines, game logs and room summaries.

#include <chrono>
#include <cstdint>

namespace carc::server {

// Milliseconds since the Unix epoch, now.
inline std::int64_t unix_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace carc::server
