// SqliteStore: waiting rooms (seats taken, no game yet), stored whole at each change so that a
// restart brings them back; their game starts over the same row (create_room_locked).
#include <bit>

#include "journal_rules.hpp"
#include "sqlite_store.hpp"

namespace carc::storage {

Status SqliteStore::put_waiting_room_locked(const WaitingRoomWrite& waiting) {
    const NewRoom& room = waiting.room;
    if (room.room_id.empty()) return {ErrorCode::invalid_argument, "empty room id"};
    auto exists = waiting_room_exists(room.room_id, room_status_locked(room.room_id));
    if (!exists) return exists.status();
    if (waiting.closed) {
        if (!*exists) return {};  // never stored: nothing to remove
        // Seats and chat go with it (ON DELETE CASCADE).
        auto gone = sqlite::Statement::prepare(db_, "DELETE FROM rooms WHERE room_id = ?");
        if (!gone) return gone.status();
        gone->bind(1, room.room_id);
        return gone->run();
    }
    if (!*exists) {
        NewRoom lobby = room;
        lobby.status = RoomStatus::lobby;
        if (auto created = create_room_locked(lobby); !created) return created;
    } else {
        auto update = sqlite::Statement::prepare(db_, "UPDATE rooms SET config_json = ? WHERE room_id = ?");
        if (!update) return update.status();
        update->bind(1, room.config_json).bind(2, room.room_id);
        if (auto ran = update->run(); !ran) return ran;
        auto clear = sqlite::Statement::prepare(db_, "DELETE FROM seats WHERE room_id = ?");
        if (!clear) return clear.status();
        clear->bind(1, room.room_id);
        if (auto ran = clear->run(); !ran) return ran;
    }
    for (const SeatRecord& seat : waiting.seats)
        if (auto put = put_seat_locked(room.room_id, seat); !put) return put;
    return {};
}

Status SqliteStore::start_waiting_room_locked(const NewRoom& room) {
    auto update = sqlite::Statement::prepare(
        db_,
        "UPDATE rooms SET status = 'running', config_json = ?, seed = ?, seed_commitment = ?,"
        " engine_version = ?, created_at_ms = ? WHERE room_id = ? AND status = 'lobby'");
    if (!update) return update.status();
    update->bind(1, room.config_json)
        .bind(2, std::bit_cast<std::int64_t>(room.seed))
        .bind(3, room.seed_commitment)
        .bind(4, room.engine_version)
        .bind(5, room.created_at_ms)
        .bind(6, room.room_id);
    if (auto ran = update->run(); !ran) return ran;
    if (sqlite3_changes(db_.get()) == 0) return {ErrorCode::already_exists, "room " + room.room_id + ": already exists"};
    auto clear = sqlite::Statement::prepare(db_, "DELETE FROM seats WHERE room_id = ?");
    if (!clear) return clear.status();
    clear->bind(1, room.room_id);
    return clear->run();
}

}  // namespace carc::storage
