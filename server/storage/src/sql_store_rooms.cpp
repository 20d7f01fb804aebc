// SqlStore: rooms, their status, seats and waiting rooms.
#include <bit>

#include "journal_rules.hpp"
#include "sql_store.hpp"

namespace carc::storage {

using sql::Param;

namespace {

Error room_not_found(std::string_view room_id) {
    return {ErrorCode::not_found, "room " + std::string(room_id) + ": no such room"};
}

}  // namespace

Status SqlStore::fence_locked(std::string_view) { return {}; }

Result<RoomStatus> SqlStore::room_status_locked(std::string_view room_id) {
    // An adjourned game is a running room with a row in `adjourned`.
    auto row = db().query(
        "SELECT r.status, a.room_id IS NOT NULL FROM rooms r LEFT JOIN adjourned a"
        " ON a.room_id = r.room_id WHERE r.room_id = $1",
        {room_id});
    if (!row) return row.error();
    auto found = (*row)->step();
    if (!found) return found.error();
    if (!*found) return room_not_found(room_id);
    const std::string text = (*row)->text(0);
    const auto status = room_status_from_string(text);
    if (!status || *status == RoomStatus::adjourned)
        return Error{ErrorCode::corrupt, "room " + std::string(room_id) + ": unknown status " + text};
    if (*status == RoomStatus::running && (*row)->int64(1) != 0) return RoomStatus::adjourned;
    return *status;
}

Status SqlStore::create_room_locked(const NewRoom& room) {
    if (room.room_id.empty()) return {ErrorCode::invalid_argument, "empty room id"};
    if (room.status != RoomStatus::lobby && room.status != RoomStatus::running) {
        return {ErrorCode::invalid_argument, "a new room is in the lobby or running"};
    }
    if (auto fenced = fence_locked(room.room_id); !fenced) return fenced;
    auto inserted = db().run_counting(
        "INSERT INTO rooms (room_id, status, config_json, seed, seed_commitment, engine_version,"
        " created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (room_id) DO NOTHING",
        {room.room_id, to_string(room.status), room.config_json, std::bit_cast<std::int64_t>(room.seed),
         room.seed_commitment, room.engine_version, room.created_at_ms});
    if (!inserted) return inserted.status();
    if (*inserted == 0) {
        // A waiting room's game starts: the same row becomes the game.
        if (room.status == RoomStatus::running) return start_waiting_room_locked(room);
        return {ErrorCode::already_exists, "room " + room.room_id + ": already exists"};
    }
    return {};
}

Status SqlStore::start_waiting_room_locked(const NewRoom& room) {
    auto updated = db().run_counting(
        "UPDATE rooms SET status = 'running', config_json = $1, seed = $2, seed_commitment = $3,"
        " engine_version = $4, created_at_ms = $5 WHERE room_id = $6 AND status = 'lobby'",
        {room.config_json, std::bit_cast<std::int64_t>(room.seed), room.seed_commitment, room.engine_version,
         room.created_at_ms, room.room_id});
    if (!updated) return updated.status();
    if (*updated == 0) return {ErrorCode::already_exists, "room " + room.room_id + ": already exists"};
    return db().run("DELETE FROM seats WHERE room_id = $1", {room.room_id});
}

Status SqlStore::set_room_status(std::string_view room_id, RoomStatus status) {
    return write_batch({StatusWrite{std::string(room_id), status}}).front();
}

Status SqlStore::set_room_status_locked(std::string_view room_id, RoomStatus status) {
    if (status == RoomStatus::finished) {
        return {ErrorCode::invalid_argument, "a room becomes finished only through finish_game"};
    }
    if (auto fenced = fence_locked(room_id); !fenced) return fenced;
    auto current = room_status_locked(room_id);
    if (!current) return current.status();
    if (*current == RoomStatus::finished || *current == RoomStatus::abandoned) {
        return {ErrorCode::invalid_state, "room " + std::string(room_id) + " is already " + to_string(*current)};
    }
    if (status == RoomStatus::adjourned) {
        if (*current == RoomStatus::lobby) {
            return {ErrorCode::invalid_state, "room " + std::string(room_id) + ": only a running game is adjourned"};
        }
        return db().run("INSERT INTO adjourned (room_id) VALUES ($1) ON CONFLICT (room_id) DO NOTHING", {room_id});
    }
    if (auto unmarked = db().run("DELETE FROM adjourned WHERE room_id = $1", {room_id}); !unmarked) return unmarked;
    return db().run("UPDATE rooms SET status = $1 WHERE room_id = $2", {to_string(status), room_id});
}

Status SqlStore::put_seat_locked(std::string_view room_id, const SeatRecord& seat) {
    if (auto fenced = fence_locked(room_id); !fenced) return fenced;
    if (auto exists = room_status_locked(room_id); !exists) return exists.status();
    return write_seat_locked(room_id, seat);
}

Status SqlStore::write_seat_locked(std::string_view room_id, const SeatRecord& seat) {
    if (seat.seat < 0) return {ErrorCode::invalid_argument, "negative seat index"};
    return db().run(
        "INSERT INTO seats (room_id, seat, player_name, token_sha256, bot_kind)"
        " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (room_id, seat) DO UPDATE SET"
        " player_name = excluded.player_name, token_sha256 = excluded.token_sha256,"
        " bot_kind = excluded.bot_kind",
        {room_id, seat.seat, seat.player_name,
         seat.token_hash ? Param(std::string_view(seat.token_hash->hex())) : Param(sql::null), seat.bot_kind});
}

Status SqlStore::put_waiting_room_locked(const WaitingRoomWrite& waiting) {
    const NewRoom& room = waiting.room;
    if (room.room_id.empty()) return {ErrorCode::invalid_argument, "empty room id"};
    if (auto fenced = fence_locked(room.room_id); !fenced) return fenced;
    auto exists = waiting_room_exists(room.room_id, room_status_locked(room.room_id));
    if (!exists) return exists.status();
    if (waiting.closed) {
        if (!*exists) return {};  // never stored: nothing to remove
        // Its seats go with it (ON DELETE CASCADE).
        return db().run("DELETE FROM rooms WHERE room_id = $1", {room.room_id});
    }
    if (!*exists) {
        NewRoom lobby = room;
        lobby.status = RoomStatus::lobby;
        if (auto created = create_room_locked(lobby); !created) return created;
    } else {
        if (auto updated = db().run("UPDATE rooms SET config_json = $1 WHERE room_id = $2",
                                    {room.config_json, room.room_id});
            !updated)
            return updated;
        if (auto cleared = db().run("DELETE FROM seats WHERE room_id = $1", {room.room_id}); !cleared) return cleared;
    }
    for (const SeatRecord& seat : waiting.seats)
        if (auto put = write_seat_locked(room.room_id, seat); !put) return put;
    return {};
}

}  // namespace carc::storage
