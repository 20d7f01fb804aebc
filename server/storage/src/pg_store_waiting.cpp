// PostgresStore: waiting rooms (seats taken, no game yet), stored whole at each change so that
// another node takes them over when their owner dies; their game starts over the same row
// (create_room_locked). Fenced like every room write.
#include <bit>

#include "journal_rules.hpp"
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

Status PostgresStore::put_waiting_room_locked(const WaitingRoomWrite& waiting) {
    const NewRoom& room = waiting.room;
    if (room.room_id.empty()) return {ErrorCode::invalid_argument, "empty room id"};
    if (auto fenced = fence_locked(room.room_id); !fenced) return fenced;
    auto exists = waiting_room_exists(room.room_id, room_status_locked(room.room_id));
    if (!exists) return exists.status();
    if (waiting.closed) {
        if (!*exists) return {};  // never stored: nothing to remove
        // Seats and chat go with it (ON DELETE CASCADE).
        return conn_.run("DELETE FROM rooms WHERE room_id = $1", {text(room.room_id)});
    }
    if (!*exists) {
        NewRoom lobby = room;
        lobby.status = RoomStatus::lobby;
        if (auto created = create_room_locked(lobby); !created) return created;
    } else {
        if (auto ran = conn_.run("UPDATE rooms SET config_json = $1 WHERE room_id = $2",
                                 {text(room.config_json), text(room.room_id)});
            !ran)
            return ran;
        if (auto ran = conn_.run("DELETE FROM seats WHERE room_id = $1", {text(room.room_id)}); !ran) return ran;
    }
    for (const SeatRecord& seat : waiting.seats) {
        if (seat.seat < 0) return {ErrorCode::invalid_argument, "negative seat index"};
        if (auto ran = conn_.run(
                "INSERT INTO seats (room_id, seat, player_name, token_sha256, bot_kind) VALUES ($1, $2, $3, $4, $5)",
                {text(room.room_id), number(seat.seat), text(seat.player_name),
                 seat.token_hash ? text(seat.token_hash->hex()) : pg::Param{}, text(seat.bot_kind)});
            !ran)
            return ran;
    }
    return {};
}

Status PostgresStore::start_waiting_room_locked(const NewRoom& room) {
    auto rows = conn_.query(
        "UPDATE rooms SET status = 'running', config_json = $1, seed = $2, seed_commitment = $3,"
        " engine_version = $4, created_at_ms = $5 WHERE room_id = $6 AND status = 'lobby'",
        {text(room.config_json), number(std::bit_cast<std::int64_t>(room.seed)), text(room.seed_commitment),
         text(room.engine_version), number(room.created_at_ms), text(room.room_id)});
    if (!rows) return rows.status();
    if (rows->affected() == 0) return {ErrorCode::already_exists, "room " + room.room_id + ": already exists"};
    return conn_.run("DELETE FROM seats WHERE room_id = $1", {text(room.room_id)});
}

}  // namespace carc::storage
