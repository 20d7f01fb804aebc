#pragma once
// The journal's append rules, the same for every Store implementation: a finished or abandoned
// room takes no more actions, and actions come in sequence without gaps.

#include <cstdint>
#include <string>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

inline Status room_takes_actions(const std::string& room_id, RoomStatus status) {
    if (status == RoomStatus::finished || status == RoomStatus::abandoned)
        return {ErrorCode::invalid_state, "room " + room_id + " is " + to_string(status) + ": no more actions"};
    return {};
}

inline Status sequence_gap(const std::string& room_id, std::int64_t seq, std::int64_t last) {
    return {ErrorCode::sequence_gap, "room " + room_id + ": action seq " + std::to_string(seq) +
                                         " refused, expected " + std::to_string(last + 1)};
}

// A waiting room's write (WaitingRoomWrite) finds its room missing (false: stored for the first
// time) or still waiting (true); a room that is running, finished, ... is no waiting room.
inline Result<bool> waiting_room_exists(const std::string& room_id, const Result<RoomStatus>& current) {
    if (!current) {
        if (current.code() == ErrorCode::not_found) return false;
        return current.error();
    }
    if (*current != RoomStatus::lobby)
        return Error{ErrorCode::invalid_state, "room " + room_id + " is " + to_string(*current) + ", not waiting"};
    return true;
}

inline Status next_in_sequence(const std::string& room_id, std::int64_t seq, std::int64_t last) {
    if (seq != last + 1) return sequence_gap(room_id, seq, last);
    return {};
}

}  // namespace carc::storage
