#pragma once
// What the rooms tell the notices (docs/accounts.md): a turn of a turn-based game passed to a
// seat, or a fifth of its time is left. Called on a room's strand, so it must not block.

#include <cstdint>
#include <string>

namespace carc::server {

struct turn_notices {
    virtual void your_turn(const std::string& room_id, const std::string& person_id, std::int64_t deadline_ms) = 0;
    virtual void time_running_out(const std::string& room_id, const std::string& person_id,
                                  std::int64_t deadline_ms) = 0;
    virtual ~turn_notices() = default;
};

}  // namespace carc::server
