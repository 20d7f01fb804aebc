// Text forms of the storage enums (messages, and room status as stored in the database).
#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

const char* to_string(ErrorCode code) {
    switch (code) {
        case ErrorCode::io_error: return "io_error";
        case ErrorCode::sequence_gap: return "sequence_gap";
        case ErrorCode::not_found: return "not_found";
        case ErrorCode::already_exists: return "already_exists";
        case ErrorCode::invalid_state: return "invalid_state";
        case ErrorCode::invalid_argument: return "invalid_argument";
        case ErrorCode::corrupt: return "corrupt";
        case ErrorCode::newer_schema: return "newer_schema";
        case ErrorCode::foreign_database: return "foreign_database";
        case ErrorCode::locked: return "locked";
        case ErrorCode::fenced: return "fenced";
        case ErrorCode::outcome_unknown: return "outcome_unknown";
        case ErrorCode::internal: return "internal";
    }
    return "unknown";
}

const char* to_string(RoomStatus status) {
    switch (status) {
        case RoomStatus::lobby: return "lobby";
        case RoomStatus::running: return "running";
        case RoomStatus::finished: return "finished";
        case RoomStatus::abandoned: return "abandoned";
        case RoomStatus::adjourned: return "adjourned";
    }
    return "unknown";
}

std::optional<RoomStatus> room_status_from_string(const std::string& text) {
    for (RoomStatus status : {RoomStatus::lobby, RoomStatus::running, RoomStatus::finished,
                              RoomStatus::abandoned, RoomStatus::adjourned}) {
        if (text == to_string(status)) return status;
    }
    return std::nullopt;
}

}  // namespace carc::storage
