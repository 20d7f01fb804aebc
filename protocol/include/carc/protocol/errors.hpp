#pragma once
// Error codes sent to clients (docs/protocol.md, "Errors") and the exception that carries one
// out of message parsing.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace carc::protocol {

enum class ErrorCode : std::uint8_t {
    bad_json,
    too_large,
    too_deep,
    unknown_type,
    bad_field,
    hello_required,
    already_hello,
    protocol_version,
    unknown_token,
    rate_limited,
    too_many_rooms,
    too_many_bots,
    room_chat_limited,
    no_such_room,
    not_in_room,
    not_seated,
    seat_taken,
    not_host,
    wrong_status,
    spectators_not_allowed,
    bad_settings,
    not_your_turn,
    illegal_action,
    stale_version,
    journal_failed,
    internal,
    unknown_session,  // a session secret that is forged, expired or ended (which is not said)
    challenge_refused,  // a challenge or its decline refused; params.reason says why (docs/friends.md)
    muted,  // the account's chat lines are refused for now; params.until (ms, null: for good) (docs/moderation.md)
};
inline constexpr int error_code_count = 29;

std::string_view to_string(ErrorCode code);
bool error_code_from_string(std::string_view text, ErrorCode& out);

// Thrown by the parsers on input a client got wrong; the server turns it into an `error` reply.
// `field` names the offending field (the error's params, so clients can word it themselves).
class WireError : public std::runtime_error {
public:
    WireError(ErrorCode code, const std::string& message, std::string field = {})
        : std::runtime_error(message), code_(code), field_(std::move(field)) {}
    ErrorCode code() const { return code_; }
    const std::string& field() const { return field_; }

private:
    ErrorCode code_;
    std::string field_;
};

}  // namespace carc::protocol
