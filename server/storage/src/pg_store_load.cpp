// PostgresStore: loading unfinished rooms with everything needed to resume them.
#include <bit>

#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

Status PostgresStore::load_seats_locked(StoredRoom& room) {
    auto rows = conn_.query(
        "SELECT seat, player_name, token_sha256, bot_kind FROM seats WHERE room_id = $1 ORDER BY seat",
        {text(room.room_id)});
    if (!rows) return rows.status();
    for (int i = 0; i < rows->size(); ++i) {
        SeatRecord seat;
        seat.seat = static_cast<int>(rows->int64(i, 0));
        seat.player_name = rows->text(i, 1);
        if (!rows->is_null(i, 2)) {
            seat.token_hash = TokenHash::from_hex(rows->text(i, 2));
            if (!seat.token_hash) return {ErrorCode::corrupt, "room " + room.room_id + ": malformed token hash"};
        }
        seat.bot_kind = rows->text(i, 3);
        room.seats.push_back(std::move(seat));
    }
    return {};
}

Status PostgresStore::load_room_details_locked(StoredRoom& room) {
    if (auto seats = load_seats_locked(room); !seats) return seats;
    const std::vector<pg::Param> id{text(room.room_id)};
    auto actions = conn_.query(
        "SELECT seq, actor_seat, action_json, events_json, state_hash, time_ms FROM actions"
        " WHERE room_id = $1 ORDER BY seq",
        id);
    if (!actions) return actions.status();
    for (int i = 0; i < actions->size(); ++i) {
        ActionRecord action;
        action.room_id = room.room_id;
        action.seq = actions->int64(i, 0);
        action.actor_seat = static_cast<int>(actions->int64(i, 1));
        action.action_json = actions->text(i, 2);
        if (!actions->is_null(i, 3)) action.events_json = actions->text(i, 3);
        if (!actions->is_null(i, 4)) action.state_hash = std::bit_cast<std::uint64_t>(actions->int64(i, 4));
        action.time_ms = actions->int64(i, 5);
        if (action.seq != static_cast<std::int64_t>(room.actions.size()) + 1) {
            return {ErrorCode::corrupt, "room " + room.room_id + ": journal gap before seq " + std::to_string(action.seq)};
        }
        room.actions.push_back(std::move(action));
    }
    auto checkpoints = conn_.query("SELECT seq, state_hash FROM checkpoints WHERE room_id = $1 ORDER BY seq", id);
    if (!checkpoints) return checkpoints.status();
    for (int i = 0; i < checkpoints->size(); ++i) {
        room.checkpoints.push_back({checkpoints->int64(i, 0), std::bit_cast<std::uint64_t>(checkpoints->int64(i, 1))});
    }
    auto clocks = conn_.query("SELECT seat, remaining_ms FROM seat_clocks WHERE room_id = $1 ORDER BY seat", id);
    if (!clocks) return clocks.status();
    for (int i = 0; i < clocks->size(); ++i) {
        if (!room.clock) return {ErrorCode::corrupt, "room " + room.room_id + ": stray clock"};
        room.clock->seats.push_back({static_cast<int>(clocks->int64(i, 0)), clocks->int64(i, 1)});
    }
    // The newest lines, returned oldest first.
    auto chat = conn_.query(
        "SELECT seat, name, text, time_ms FROM (SELECT * FROM chat WHERE room_id = $1"
        " ORDER BY id DESC LIMIT $2) newest ORDER BY id",
        {text(room.room_id), number(chat_lines_loaded)});
    if (!chat) return chat.status();
    for (int i = 0; i < chat->size(); ++i) {
        room.chat.push_back({static_cast<int>(chat->int64(i, 0)), chat->text(i, 1), chat->text(i, 2), chat->int64(i, 3)});
    }
    return {};
}

Result<std::vector<StoredRoom>> PostgresStore::load_rooms_locked(std::string_view only_room) {
    const std::string select =
        "SELECT room_id, status, config_json, seed, seed_commitment, engine_version, created_at_ms,"
        " clock_active_seat, clock_turn_started_at_ms FROM rooms"
        " WHERE status IN ('lobby', 'running', 'adjourned')";
    auto rows = only_room.empty() ? conn_.query(select + " ORDER BY created_at_ms, room_id")
                                  : conn_.query(select + " AND room_id = $1", {text(only_room)});
    if (!rows) return rows.error();
    std::vector<StoredRoom> rooms;
    for (int i = 0; i < rows->size(); ++i) {
        StoredRoom room;
        room.room_id = rows->text(i, 0);
        room.status = room_status_from_string(rows->text(i, 1)).value_or(RoomStatus::lobby);
        room.config_json = rows->text(i, 2);
        room.seed = std::bit_cast<std::uint64_t>(rows->int64(i, 3));
        room.seed_commitment = rows->text(i, 4);
        room.engine_version = rows->text(i, 5);
        room.created_at_ms = rows->int64(i, 6);
        if (!rows->is_null(i, 7)) room.clock = ClockState{static_cast<int>(rows->int64(i, 7)), rows->int64(i, 8), {}};
        rooms.push_back(std::move(room));
    }
    for (auto& room : rooms) {
        // An adjourned game needs only its seats (who may bring it back) unless asked for whole.
        const bool whole = !only_room.empty() || room.status != RoomStatus::adjourned;
        if (auto loaded = whole ? load_room_details_locked(room) : load_seats_locked(room); !loaded)
            return loaded.error();
        if (!whole) room.clock.reset();
    }
    return rooms;
}

Result<std::vector<StoredRoom>> PostgresStore::load_unfinished() {
    std::lock_guard guard(mutex_);
    // REPEATABLE READ: one snapshot for the rooms and their details.
    if (auto begun = conn_.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !begun) return begun.error();
    auto rooms = load_rooms_locked({});
    (void)conn_.run(rooms ? "COMMIT" : "ROLLBACK");
    return rooms;
}

Result<std::optional<StoredRoom>> PostgresStore::load_room(std::string_view room_id) {
    if (room_id.empty()) return std::optional<StoredRoom>();
    std::lock_guard guard(mutex_);
    if (auto begun = conn_.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !begun) return begun.error();
    auto rooms = load_rooms_locked(room_id);
    (void)conn_.run(rooms ? "COMMIT" : "ROLLBACK");
    if (!rooms) return rooms.error();
    if (rooms->empty()) return std::optional<StoredRoom>();
    return std::optional<StoredRoom>(std::move(rooms->front()));
}

}  // namespace carc::storage
