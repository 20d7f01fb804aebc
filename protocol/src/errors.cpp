#include "carc/protocol/errors.hpp"

#include <array>

namespace carc::protocol {
namespace {

constexpr std::array<std::string_view, error_code_count> names = {
    "bad_json",      "too_large",     "too_deep",        "unknown_type",
    "bad_field",     "hello_required", "already_hello",  "protocol_version",
    "unknown_token", "rate_limited",  "too_many_rooms", "too_many_bots", "room_chat_limited", "no_such_room",    "not_in_room",
    "not_seated",    "seat_taken",    "not_host",        "wrong_status",
    "spectators_not_allowed", "bad_settings", "not_your_turn", "illegal_action",
    "stale_version", "journal_failed", "internal",    "unknown_session", "challenge_refused",
    "muted"};

}  // namespace

std::string_view to_string(ErrorCode code) { return names[static_cast<std::size_t>(code)]; }

bool error_code_from_string(std::string_view text, ErrorCode& out) {
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == text) {
            out = static_cast<ErrorCode>(i);
            return true;
        }
    }
    return false;
}

}  // namespace carc::protocol
