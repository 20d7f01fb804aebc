// SqlStore: the reads. Unfinished rooms with everything needed to resume them, finished games
// and known ids.
#include <bit>

#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

Status SqlStore::load_seats_locked(StoredRoom& room) {
    return db().for_each_row(
        "SELECT seat, player_name, token_sha256, bot_kind FROM seats WHERE room_id = $1 ORDER BY seat",
        {room.room_id}, [&](const Statement& row) -> Status {
            SeatRecord seat;
            seat.seat = static_cast<int>(row.int64(0));
            seat.player_name = row.text(1);
            if (!row.is_null(2)) {
                seat.token_hash = TokenHash::from_hex(row.text(2));
                if (!seat.token_hash) return {ErrorCode::corrupt, "room " + room.room_id + ": malformed token hash"};
            }
            seat.bot_kind = row.text(3);
            room.seats.push_back(std::move(seat));
            return {};
        });
}

Status SqlStore::load_room_details_locked(StoredRoom& room) {
    if (auto seats = load_seats_locked(room); !seats) return seats;
    auto actions = db().for_each_row(
        "SELECT seq, actor_seat, action_json, events_json, state_hash, time_ms FROM actions"
        " WHERE room_id = $1 ORDER BY seq",
        {room.room_id}, [&](const Statement& row) -> Status {
            ActionRecord action;
            action.room_id = room.room_id;
            action.seq = row.int64(0);
            action.actor_seat = static_cast<int>(row.int64(1));
            action.action_json = row.text(2);
            if (!row.is_null(3)) action.events_json = row.text(3);
            if (!row.is_null(4)) action.state_hash = std::bit_cast<std::uint64_t>(row.int64(4));
            action.time_ms = row.int64(5);
            // The journal never has a gap; one here means the database was edited by hand.
            if (action.seq != static_cast<std::int64_t>(room.actions.size()) + 1) {
                return {ErrorCode::corrupt,
                        "room " + room.room_id + ": journal gap before seq " + std::to_string(action.seq)};
            }
            room.actions.push_back(std::move(action));
            return {};
        });
    if (!actions) return actions;
    auto checkpoints = db().for_each_row(
        "SELECT seq, state_hash FROM checkpoints WHERE room_id = $1 ORDER BY seq", {room.room_id},
        [&](const Statement& row) -> Status {
            room.checkpoints.push_back({row.int64(0), std::bit_cast<std::uint64_t>(row.int64(1))});
            return {};
        });
    if (!checkpoints) return checkpoints;
    if (auto turn = load_turn_locked(room); !turn) return turn;
    if (auto chat = load_chat_locked(room); !chat) return chat;
    return db().for_each_row(
        "SELECT seat, remaining_ms FROM seat_clocks WHERE room_id = $1 ORDER BY seat", {room.room_id},
        [&](const Statement& row) -> Status {
            if (!room.clock) return {ErrorCode::corrupt, "room " + room.room_id + ": stray clock"};
            room.clock->seats.push_back({static_cast<int>(row.int64(0)), row.int64(1)});
            return {};
        });
}

Result<std::vector<StoredRoom>> SqlStore::load_rooms_locked(std::string_view only_room) {
    std::vector<StoredRoom> rooms;
    const auto add_room = [&](const Statement& row) -> Status {
        StoredRoom room;
        room.room_id = row.text(0);
        room.status = room_status_from_string(row.text(1)).value_or(RoomStatus::lobby);
        if (room.status == RoomStatus::running && row.int64(9) != 0) room.status = RoomStatus::adjourned;
        room.config_json = row.text(2);
        room.seed = std::bit_cast<std::uint64_t>(row.int64(3));
        room.seed_commitment = row.text(4);
        room.engine_version = row.text(5);
        room.created_at_ms = row.int64(6);
        if (!row.is_null(7)) room.clock = ClockState{static_cast<int>(row.int64(7)), row.int64(8), {}};
        rooms.push_back(std::move(room));
        return {};
    };
    const std::string select =
        "SELECT r.room_id, r.status, r.config_json, r.seed, r.seed_commitment, r.engine_version,"
        " r.created_at_ms, r.clock_active_seat, r.clock_turn_started_at_ms, a.room_id IS NOT NULL"
        " FROM rooms r LEFT JOIN adjourned a ON a.room_id = r.room_id"
        " WHERE r.status IN ('lobby', 'running')";
    auto listed = only_room.empty() ? db().for_each_row(select + " ORDER BY r.created_at_ms, r.room_id", {}, add_room)
                                    : db().for_each_row(select + " AND r.room_id = $1", {only_room}, add_room);
    if (!listed) return listed.error();
    for (auto& room : rooms) {
        // At start-up an adjourned game needs only its seats (who may bring it back).
        const bool whole = !only_room.empty() || room.status != RoomStatus::adjourned;
        if (auto loaded = whole ? load_room_details_locked(room) : load_seats_locked(room); !loaded)
            return loaded.error();
        if (!whole) room.clock.reset();
    }
    return rooms;
}

Result<std::vector<StoredRoom>> SqlStore::load_unfinished() {
    std::lock_guard guard(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.error();
    return load_rooms_locked({});
}

Result<std::optional<StoredRoom>> SqlStore::load_room(std::string_view room_id) {
    if (room_id.empty()) return std::optional<StoredRoom>();
    std::lock_guard guard(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.error();
    auto rooms = load_rooms_locked(room_id);
    if (!rooms) return rooms.error();
    if (rooms->empty()) return std::optional<StoredRoom>();
    return std::optional<StoredRoom>(std::move(rooms->front()));
}

Result<std::vector<GameSummary>> SqlStore::list_finished(int limit, int offset) {
    if (limit < 0 || offset < 0) return Error{ErrorCode::invalid_argument, "negative limit or offset"};
    std::lock_guard guard(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.error();
    std::vector<GameSummary> games;
    auto listed = db().for_each_row(
        "SELECT game_id, finished_at_ms, rule_system, engine_version FROM games"
        " ORDER BY finished_at_ms DESC, game_id DESC LIMIT $1 OFFSET $2",
        {limit, offset}, [&](const Statement& row) -> Status {
            games.push_back({row.text(0), row.int64(1), row.text(2), row.text(3), {}});
            return {};
        });
    if (!listed) return listed.error();
    for (auto& game : games) {
        auto players = db().for_each_row(
            "SELECT seat, name, score, winner FROM game_players WHERE game_id = $1 ORDER BY seat", {game.game_id},
            [&](const Statement& row) -> Status {
                game.players.push_back({static_cast<int>(row.int64(0)), row.text(1), row.int64(2), row.int64(3) != 0});
                return {};
            });
        if (!players) return players.error();
    }
    return games;
}

Result<std::optional<std::string>> SqlStore::get_game(std::string_view game_id) {
    std::lock_guard guard(mutex_);
    std::optional<std::string> record;
    auto found = db().for_each_row("SELECT record_json FROM games WHERE game_id = $1", {game_id},
                                   [&](const Statement& row) -> Status {
                                       record = row.text(0);
                                       return {};
                                   });
    if (!found) return found.error();
    return record;
}

Result<std::vector<std::string>> SqlStore::known_ids() {
    std::lock_guard guard(mutex_);
    std::vector<std::string> ids;
    auto listed = db().for_each_row("SELECT room_id FROM rooms UNION SELECT game_id FROM games"
                                    " UNION SELECT room_id FROM tournament_tables WHERE room_id IS NOT NULL ORDER BY 1", {},
                                    [&](const Statement& row) -> Status {
                                        ids.push_back(row.text(0));
                                        return {};
                                    });
    if (!listed) return listed.error();
    return ids;
}

}  // namespace carc::storage
