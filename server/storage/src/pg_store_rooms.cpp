// PostgresStore: rooms, seats, clocks, chat, and the fence every room write passes.
#include <bit>

#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

namespace {

Error room_not_found(std::string_view room_id) {
    return {ErrorCode::not_found, "room " + std::string(room_id) + ": no such room"};
}

}  // namespace

Status PostgresStore::fence_locked(std::string_view room_id) {
    if (node_id_.empty()) return {};  // one node: nothing to fence
    const auto held = epochs_.find(room_id);
    if (held == epochs_.end()) {
        return {ErrorCode::fenced, "room " + std::string(room_id) + ": this node holds no lease of it"};
    }
    // FOR SHARE: a takeover (UPDATE of this row) waits until this transaction ends, and this
    // transaction waits for a takeover in progress and then sees its new epoch.
    auto rows = conn_.query(
        "SELECT 1 FROM room_leases WHERE room_id = $1 AND node_id = $2 AND epoch = $3 FOR SHARE",
        {text(room_id), text(node_id_), number(held->second)});
    if (!rows) return rows.status();
    if (rows->size() == 0) {
        epochs_.erase(held);
        return {ErrorCode::fenced, "room " + std::string(room_id) + ": lease lost to another node"};
    }
    return {};
}

Result<RoomStatus> PostgresStore::room_status_locked(std::string_view room_id) {
    auto rows = conn_.query("SELECT status FROM rooms WHERE room_id = $1", {text(room_id)});
    if (!rows) return rows.error();
    if (rows->size() == 0) return room_not_found(room_id);
    const std::string status_text = rows->text(0, 0);
    const auto status = room_status_from_string(status_text);
    if (!status) return Error{ErrorCode::corrupt, "room " + std::string(room_id) + ": unknown status " + status_text};
    return *status;
}

Status PostgresStore::create_room(const NewRoom& room) {
    return in_transaction([&] { return create_room_locked(room); });
}

Status PostgresStore::create_room_locked(const NewRoom& room) {
    if (room.room_id.empty()) return {ErrorCode::invalid_argument, "empty room id"};
    if (room.status != RoomStatus::lobby && room.status != RoomStatus::running) {
        return {ErrorCode::invalid_argument, "a new room is in the lobby or running"};
    }
    if (auto fenced = fence_locked(room.room_id); !fenced) return fenced;
    auto rows = conn_.query(
        "INSERT INTO rooms (room_id, status, config_json, seed, seed_commitment, engine_version,"
        " created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (room_id) DO NOTHING",
        {text(room.room_id), text(to_string(room.status)), text(room.config_json),
         number(std::bit_cast<std::int64_t>(room.seed)), text(room.seed_commitment),
         text(room.engine_version), number(room.created_at_ms)});
    if (!rows) return rows.status();
    if (rows->affected() == 0) {
        // A waiting room's game starts: the same row becomes the game.
        if (room.status == RoomStatus::running) return start_waiting_room_locked(room);
        return {ErrorCode::already_exists, "room " + room.room_id + ": already exists"};
    }
    return {};
}

Status PostgresStore::set_room_status(std::string_view room_id, RoomStatus status) {
    return in_transaction([&] { return set_room_status_locked(room_id, status); });
}

Status PostgresStore::set_room_status_locked(std::string_view room_id, RoomStatus status) {
    if (status == RoomStatus::finished) {
        return {ErrorCode::invalid_argument, "a room becomes finished only through finish_game"};
    }
    if (auto fenced = fence_locked(room_id); !fenced) return fenced;
    auto current = room_status_locked(room_id);
    if (!current) return current.status();
    if (*current == RoomStatus::finished || *current == RoomStatus::abandoned) {
        return {ErrorCode::invalid_state, "room " + std::string(room_id) + " is already " + to_string(*current)};
    }
    if (status == RoomStatus::adjourned && *current == RoomStatus::lobby) {
        return {ErrorCode::invalid_state, "room " + std::string(room_id) + ": only a running game is adjourned"};
    }
    return conn_.run("UPDATE rooms SET status = $1 WHERE room_id = $2",
                     {text(to_string(status)), text(room_id)});
}

Status PostgresStore::put_seat(std::string_view room_id, const SeatRecord& seat) {
    return in_transaction([&] { return put_seat_locked(room_id, seat); });
}

Status PostgresStore::put_seat_locked(std::string_view room_id, const SeatRecord& seat) {
    if (seat.seat < 0) return {ErrorCode::invalid_argument, "negative seat index"};
    if (auto fenced = fence_locked(room_id); !fenced) return fenced;
    if (auto exists = room_status_locked(room_id); !exists) return exists.status();
    return conn_.run(
        "INSERT INTO seats (room_id, seat, player_name, token_sha256, bot_kind)"
        " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (room_id, seat) DO UPDATE SET"
        " player_name = excluded.player_name, token_sha256 = excluded.token_sha256,"
        " bot_kind = excluded.bot_kind",
        {text(room_id), number(seat.seat), text(seat.player_name),
         seat.token_hash ? text(seat.token_hash->hex()) : pg::Param{}, text(seat.bot_kind)});
}

Status PostgresStore::remove_seat(std::string_view room_id, int seat) {
    return in_transaction([&]() -> Status {
        if (auto fenced = fence_locked(room_id); !fenced) return fenced;
        return conn_.run("DELETE FROM seats WHERE room_id = $1 AND seat = $2", {text(room_id), number(seat)});
    });
}

Status PostgresStore::delete_room(std::string_view room_id) {
    return in_transaction([&]() -> Status {
        if (auto fenced = fence_locked(room_id); !fenced) return fenced;
        auto rows = conn_.query("DELETE FROM rooms WHERE room_id = $1", {text(room_id)});
        if (!rows) return rows.status();
        if (rows->affected() == 0) return room_not_found(room_id);
        return {};
    });
}

Status PostgresStore::append_chat(std::string_view room_id, const ChatLine& line) {
    return in_transaction([&]() -> Status {
        if (auto fenced = fence_locked(room_id); !fenced) return fenced;
        auto ran = conn_.run("INSERT INTO chat (room_id, seat, name, text, time_ms) VALUES ($1, $2, $3, $4, $5)",
                             {text(room_id), number(line.seat), text(line.name), text(line.text),
                              number(line.time_ms)});
        // The foreign key is the existence check.
        if (!ran && ran.code() == ErrorCode::not_found) return room_not_found(room_id);
        return ran;
    });
}

Status PostgresStore::write_clock_locked(std::string_view room_id, const ClockState& clock) {
    auto rows = conn_.query(
        "UPDATE rooms SET clock_active_seat = $1, clock_turn_started_at_ms = $2 WHERE room_id = $3",
        {number(clock.active_seat), number(clock.turn_started_at_ms), text(room_id)});
    if (!rows) return rows.status();
    if (rows->affected() == 0) return room_not_found(room_id);
    if (auto cleared = conn_.run("DELETE FROM seat_clocks WHERE room_id = $1", {text(room_id)}); !cleared)
        return cleared;
    for (const auto& seat : clock.seats) {
        if (auto ran = conn_.run("INSERT INTO seat_clocks (room_id, seat, remaining_ms) VALUES ($1, $2, $3)",
                                 {text(room_id), number(seat.seat), number(seat.remaining_ms)});
            !ran)
            return ran;
    }
    return {};
}

Status PostgresStore::save_clock(std::string_view room_id, const ClockState& clock) {
    return in_transaction([&]() -> Status {
        if (auto fenced = fence_locked(room_id); !fenced) return fenced;
        return write_clock_locked(room_id, clock);
    });
}

}  // namespace carc::storage
