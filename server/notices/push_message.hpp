#pragma once
// What a Web Push message says (docs/protocol.md, "Web Push"): the JSON the page's service
// worker (clients/web/push-worker.js) shows as a notification, in the account's language; the
// worker says it in the page's language from `kind` and `game` when it knows that language.

#include <cstdint>
#include <string>

#include "notices/mail_language.hpp"

namespace carc::server::notices {

// A turn ("your_turn", "time_running_out") in the game called `game_name` (room `room_id`).
std::string turn_push(mail_language language, const std::string& kind, const std::string& room_id,
                      const std::string& game_name);
// A friend's challenge from `from_name`, joined by `invite`.
std::string challenge_push(mail_language language, const std::string& room_id, const std::string& from_name,
                           const std::string& invite);

// How long a push service keeps a message for a browser that is offline (RFC 8030's TTL, in
// seconds): a turn's until its deadline, at least a minute; a challenge's a day.
std::int64_t push_ttl_s(const std::string& kind, std::int64_t deadline_ms, std::int64_t now_ms);

}  // namespace carc::server::notices
