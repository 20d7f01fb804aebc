// SqliteStore: rooms, seats, clocks and chat.
#include <bit>

#include "sqlite_store.hpp"

namespace carc::storage {

SqliteStore::SqliteStore(DataDirLock lock, sqlite::Database db, bool sync_full)
    : lock_(std::move(lock)), db_(std::move(db)), sync_full_(sync_full) {}

namespace {

Status require_room_id(std::string_view room_id) {
    if (room_id.empty()) return {ErrorCode::invalid_argument, "empty room id"};
    return {};
}

Error room_not_found(std::string_view room_id) {
    return {ErrorCode::not_found, "room " + std::string(room_id) + ": no such room"};
}

Status require_changes(const sqlite::Database& db, std::string_view room_id) {
    if (sqlite3_changes(db.get()) == 0) return room_not_found(room_id);
    return {};
}

}  // namespace

Result<RoomStatus> SqliteStore::room_status_locked(std::string_view room_id) {
    // An adjourned game is a running room with a row in `adjourned`.
    auto stmt = sqlite::Statement::prepare(
        db_,
        "SELECT r.status, a.room_id IS NOT NULL FROM rooms r LEFT JOIN adjourned a"
        " ON a.room_id = r.room_id WHERE r.room_id = ?");
    if (!stmt) return stmt.error();
    stmt->bind(1, room_id);
    auto row = stmt->step();
    if (!row) return row.error();
    if (!*row) return room_not_found(room_id);
    const std::string text = stmt->column_text(0);
    const auto status = room_status_from_string(text);
    if (!status || *status == RoomStatus::adjourned)
        return Error{ErrorCode::corrupt, "room " + std::string(room_id) + ": unknown status " + text};
    if (*status == RoomStatus::running && stmt->column_int64(1) != 0) return RoomStatus::adjourned;
    return *status;
}

Status SqliteStore::create_room(const NewRoom& room) {
    return in_transaction([&] { return create_room_locked(room); });
}

Status SqliteStore::create_room_locked(const NewRoom& room) {
    if (auto valid = require_room_id(room.room_id); !valid) return valid;
    if (room.status != RoomStatus::lobby && room.status != RoomStatus::running) {
        return {ErrorCode::invalid_argument, "a new room is in the lobby or running"};
    }
    auto stmt = sqlite::Statement::prepare(
        db_,
        "INSERT INTO rooms (room_id, status, config_json, seed, seed_commitment, engine_version,"
        " created_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room_id) DO NOTHING");
    if (!stmt) return stmt.status();
    stmt->bind(1, room.room_id)
        .bind(2, std::string_view(to_string(room.status)))
        .bind(3, room.config_json)
        .bind(4, std::bit_cast<std::int64_t>(room.seed))
        .bind(5, room.seed_commitment)
        .bind(6, room.engine_version)
        .bind(7, room.created_at_ms);
    if (auto ran = stmt->run(); !ran) return ran;
    if (sqlite3_changes(db_.get()) == 0) {
        // A waiting room's game starts: the same row becomes the game.
        if (room.status == RoomStatus::running) return start_waiting_room_locked(room);
        return {ErrorCode::already_exists, "room " + room.room_id + ": already exists"};
    }
    return {};
}

Status SqliteStore::set_room_status(std::string_view room_id, RoomStatus status) {
    return in_transaction([&] { return set_room_status_locked(room_id, status); });
}

Status SqliteStore::set_room_status_locked(std::string_view room_id, RoomStatus status) {
    if (status == RoomStatus::finished) {
        return {ErrorCode::invalid_argument, "a room becomes finished only through finish_game"};
    }
    auto current = room_status_locked(room_id);
    if (!current) return current.status();
    if (*current == RoomStatus::finished || *current == RoomStatus::abandoned) {
        return {ErrorCode::invalid_state, "room " + std::string(room_id) + " is already " +
                                              to_string(*current)};
    }
    if (status == RoomStatus::adjourned) {
        if (*current == RoomStatus::lobby) {
            return {ErrorCode::invalid_state, "room " + std::string(room_id) + ": only a running game is adjourned"};
        }
        auto mark = sqlite::Statement::prepare(db_, "INSERT OR IGNORE INTO adjourned (room_id) VALUES (?)");
        if (!mark) return mark.status();
        mark->bind(1, room_id);
        return mark->run();
    }
    auto unmark = sqlite::Statement::prepare(db_, "DELETE FROM adjourned WHERE room_id = ?");
    if (!unmark) return unmark.status();
    unmark->bind(1, room_id);
    if (auto ran = unmark->run(); !ran) return ran;
    auto stmt = sqlite::Statement::prepare(db_, "UPDATE rooms SET status = ? WHERE room_id = ?");
    if (!stmt) return stmt.status();
    stmt->bind(1, std::string_view(to_string(status))).bind(2, room_id);
    return stmt->run();
}

Status SqliteStore::put_seat(std::string_view room_id, const SeatRecord& seat) {
    return in_transaction([&] { return put_seat_locked(room_id, seat); });
}

Status SqliteStore::put_seat_locked(std::string_view room_id, const SeatRecord& seat) {
    if (seat.seat < 0) return {ErrorCode::invalid_argument, "negative seat index"};
    if (auto exists = room_status_locked(room_id); !exists) return exists.status();
    auto stmt = sqlite::Statement::prepare(
        db_,
        "INSERT INTO seats (room_id, seat, player_name, token_sha256, bot_kind)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (room_id, seat) DO UPDATE SET"
        " player_name = excluded.player_name, token_sha256 = excluded.token_sha256,"
        " bot_kind = excluded.bot_kind");
    if (!stmt) return stmt.status();
    stmt->bind(1, room_id).bind(2, seat.seat).bind(3, seat.player_name).bind(5, seat.bot_kind);
    if (seat.token_hash) {
        stmt->bind(4, std::string_view(seat.token_hash->hex()));
    } else {
        stmt->bind_null(4);
    }
    return stmt->run();
}

Status SqliteStore::remove_seat(std::string_view room_id, int seat) {
    std::lock_guard guard(mutex_);
    auto stmt = sqlite::Statement::prepare(db_, "DELETE FROM seats WHERE room_id = ? AND seat = ?");
    if (!stmt) return stmt.status();
    stmt->bind(1, room_id).bind(2, seat);
    return stmt->run();
}

Status SqliteStore::delete_room(std::string_view room_id) {
    std::lock_guard guard(mutex_);
    // Seats, actions, clocks and chat go with it (ON DELETE CASCADE).
    auto stmt = sqlite::Statement::prepare(db_, "DELETE FROM rooms WHERE room_id = ?");
    if (!stmt) return stmt.status();
    stmt->bind(1, room_id);
    if (auto ran = stmt->run(); !ran) return ran;
    return require_changes(db_, room_id);
}

Status SqliteStore::append_chat(std::string_view room_id, const ChatLine& line) {
    std::lock_guard guard(mutex_);
    auto stmt = sqlite::Statement::prepare(
        db_, "INSERT INTO chat (room_id, seat, name, text, time_ms) VALUES (?, ?, ?, ?, ?)");
    if (!stmt) return stmt.status();
    stmt->bind(1, room_id).bind(2, line.seat).bind(3, line.name).bind(4, line.text).bind(
        5, line.time_ms);
    auto ran = stmt->run();
    // The foreign key is the existence check.
    if (!ran && ran.code() == ErrorCode::invalid_argument) return room_not_found(room_id);
    return ran;
}

Status SqliteStore::write_clock_locked(std::string_view room_id, const ClockState& clock) {
    auto room = sqlite::Statement::prepare(
        db_,
        "UPDATE rooms SET clock_active_seat = ?, clock_turn_started_at_ms = ? WHERE room_id = ?");
    if (!room) return room.status();
    room->bind(1, clock.active_seat).bind(2, clock.turn_started_at_ms).bind(3, room_id);
    if (auto ran = room->run(); !ran) return ran;
    if (auto found = require_changes(db_, room_id); !found) return found;

    auto clear = sqlite::Statement::prepare(db_, "DELETE FROM seat_clocks WHERE room_id = ?");
    if (!clear) return clear.status();
    clear->bind(1, room_id);
    if (auto ran = clear->run(); !ran) return ran;

    for (const auto& seat : clock.seats) {
        auto insert = sqlite::Statement::prepare(
            db_, "INSERT INTO seat_clocks (room_id, seat, remaining_ms) VALUES (?, ?, ?)");
        if (!insert) return insert.status();
        insert->bind(1, room_id).bind(2, seat.seat).bind(3, seat.remaining_ms);
        if (auto ran = insert->run(); !ran) return ran;
    }
    return {};
}

Status SqliteStore::save_clock(std::string_view room_id, const ClockState& clock) {
    std::lock_guard guard(mutex_);
    auto tx = sqlite::WriteTransaction::begin(db_);
    if (!tx) return tx.status();
    if (auto written = write_clock_locked(room_id, clock); !written) return written;
    return tx->commit();
}

}  // namespace carc::storage
