// SqliteStore: the start-up load of unfinished rooms, with everything needed to resume them.
#include <bit>

#include "sqlite_store.hpp"

namespace carc::storage {

Status SqliteStore::load_seats_locked(StoredRoom& room) {
    {
        auto seats = sqlite::Statement::prepare(
            db_,
            "SELECT seat, player_name, token_sha256, bot_kind FROM seats WHERE room_id = ?"
            " ORDER BY seat");
        if (!seats) return seats.status();
        seats->bind(1, room.room_id);
        for (;;) {
            auto row = seats->step();
            if (!row) return row.status();
            if (!*row) break;
            SeatRecord seat;
            seat.seat = static_cast<int>(seats->column_int64(0));
            seat.player_name = seats->column_text(1);
            if (!seats->column_is_null(2)) {
                seat.token_hash = TokenHash::from_hex(seats->column_text(2));
                if (!seat.token_hash) {
                    return {ErrorCode::corrupt, "room " + room.room_id + ": malformed token hash"};
                }
            }
            seat.bot_kind = seats->column_text(3);
            room.seats.push_back(std::move(seat));
        }
    }
    return {};
}

Status SqliteStore::load_room_details_locked(StoredRoom& room) {
    if (auto seats = load_seats_locked(room); !seats) return seats;
    {
        auto actions = sqlite::Statement::prepare(
            db_,
            "SELECT seq, actor_seat, action_json, events_json, state_hash, time_ms FROM actions"
            " WHERE room_id = ? ORDER BY seq");
        if (!actions) return actions.status();
        actions->bind(1, room.room_id);
        for (;;) {
            auto row = actions->step();
            if (!row) return row.status();
            if (!*row) break;
            ActionRecord action;
            action.room_id = room.room_id;
            action.seq = actions->column_int64(0);
            action.actor_seat = static_cast<int>(actions->column_int64(1));
            action.action_json = actions->column_text(2);
            if (!actions->column_is_null(3)) action.events_json = actions->column_text(3);
            if (!actions->column_is_null(4)) {
                action.state_hash = std::bit_cast<std::uint64_t>(actions->column_int64(4));
            }
            action.time_ms = actions->column_int64(5);
            // append_action never leaves a gap; one here means the file was edited by hand.
            if (action.seq != static_cast<std::int64_t>(room.actions.size()) + 1) {
                return {ErrorCode::corrupt, "room " + room.room_id + ": journal gap before seq " +
                                                std::to_string(action.seq)};
            }
            room.actions.push_back(std::move(action));
        }
    }
    {
        auto checkpoints = sqlite::Statement::prepare(
            db_, "SELECT seq, state_hash FROM checkpoints WHERE room_id = ? ORDER BY seq");
        if (!checkpoints) return checkpoints.status();
        checkpoints->bind(1, room.room_id);
        for (;;) {
            auto row = checkpoints->step();
            if (!row) return row.status();
            if (!*row) break;
            room.checkpoints.push_back(
                {checkpoints->column_int64(0),
                 std::bit_cast<std::uint64_t>(checkpoints->column_int64(1))});
        }
    }
    {
        auto clocks = sqlite::Statement::prepare(
            db_, "SELECT seat, remaining_ms FROM seat_clocks WHERE room_id = ? ORDER BY seat");
        if (!clocks) return clocks.status();
        clocks->bind(1, room.room_id);
        for (;;) {
            auto row = clocks->step();
            if (!row) return row.status();
            if (!*row) break;
            if (!room.clock) return {ErrorCode::corrupt, "room " + room.room_id + ": stray clock"};
            room.clock->seats.push_back(
                {static_cast<int>(clocks->column_int64(0)), clocks->column_int64(1)});
        }
    }
    {
        // The newest lines, returned oldest first.
        auto chat = sqlite::Statement::prepare(
            db_,
            "SELECT seat, name, text, time_ms FROM (SELECT * FROM chat WHERE room_id = ?"
            " ORDER BY id DESC LIMIT ?) ORDER BY id");
        if (!chat) return chat.status();
        chat->bind(1, room.room_id).bind(2, chat_lines_loaded);
        for (;;) {
            auto row = chat->step();
            if (!row) return row.status();
            if (!*row) break;
            room.chat.push_back({static_cast<int>(chat->column_int64(0)), chat->column_text(1),
                                 chat->column_text(2), chat->column_int64(3)});
        }
    }
    return {};
}

Result<std::vector<StoredRoom>> SqliteStore::load_rooms_locked(std::string_view only_room) {
    std::vector<StoredRoom> rooms;
    {
        const std::string select =
            "SELECT r.room_id, r.status, r.config_json, r.seed, r.seed_commitment, r.engine_version,"
            " r.created_at_ms, r.clock_active_seat, r.clock_turn_started_at_ms, a.room_id IS NOT NULL"
            " FROM rooms r LEFT JOIN adjourned a ON a.room_id = r.room_id"
            " WHERE r.status IN ('lobby', 'running')";
        auto stmt = sqlite::Statement::prepare(
            db_, only_room.empty() ? select + " ORDER BY r.created_at_ms, r.room_id" : select + " AND r.room_id = ?");
        if (!stmt) return stmt.error();
        if (!only_room.empty()) stmt->bind(1, only_room);
        for (;;) {
            auto row = stmt->step();
            if (!row) return row.error();
            if (!*row) break;
            StoredRoom room;
            room.room_id = stmt->column_text(0);
            room.status = room_status_from_string(stmt->column_text(1)).value_or(RoomStatus::lobby);
            if (room.status == RoomStatus::running && stmt->column_int64(9) != 0) room.status = RoomStatus::adjourned;
            room.config_json = stmt->column_text(2);
            room.seed = std::bit_cast<std::uint64_t>(stmt->column_int64(3));
            room.seed_commitment = stmt->column_text(4);
            room.engine_version = stmt->column_text(5);
            room.created_at_ms = stmt->column_int64(6);
            if (!stmt->column_is_null(7)) {
                room.clock = ClockState{static_cast<int>(stmt->column_int64(7)),
                                        stmt->column_int64(8), {}};
            }
            rooms.push_back(std::move(room));
        }
    }
    for (auto& room : rooms) {
        // At start-up an adjourned game needs only its seats (who may bring it back).
        const bool whole = !only_room.empty() || room.status != RoomStatus::adjourned;
        if (auto loaded = whole ? load_room_details_locked(room) : load_seats_locked(room); !loaded)
            return loaded.error();
        if (!whole) room.clock.reset();
    }
    return rooms;
}

Result<std::vector<StoredRoom>> SqliteStore::load_unfinished() {
    std::lock_guard guard(mutex_);
    auto tx = sqlite::ReadTransaction::begin(db_);
    if (!tx) return tx.error();
    return load_rooms_locked({});
}

Result<std::optional<StoredRoom>> SqliteStore::load_room(std::string_view room_id) {
    if (room_id.empty()) return std::optional<StoredRoom>();
    std::lock_guard guard(mutex_);
    auto tx = sqlite::ReadTransaction::begin(db_);
    if (!tx) return tx.error();
    auto rooms = load_rooms_locked(room_id);
    if (!rooms) return rooms.error();
    if (rooms->empty()) return std::optional<StoredRoom>();
    return std::optional<StoredRoom>(std::move(rooms->front()));
}

}  // namespace carc::storage
