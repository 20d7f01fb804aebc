// SqlStore: the reads. Unfinished rooms with everything needed to resume them, finished games
// and known ids.
#include <bit>

#include "sql_store.hpp"

namespace carc::storage {

Status SqlStore::load_seats_locked(StoredRoom& room) {
    auto seats = db().query(
        "SELECT seat, player_name, token_sha256, bot_kind FROM seats WHERE room_id = $1 ORDER BY seat",
        {room.room_id});
    if (!seats) return seats.status();
    sql::Statement& row = **seats;
    for (;;) {
        auto more = row.step();
        if (!more) return more.status();
        if (!*more) return {};
        SeatRecord seat;
        seat.seat = static_cast<int>(row.int64(0));
        seat.player_name = row.text(1);
        if (!row.is_null(2)) {
            seat.token_hash = TokenHash::from_hex(row.text(2));
            if (!seat.token_hash) return {ErrorCode::corrupt, "room " + room.room_id + ": malformed token hash"};
        }
        seat.bot_kind = row.text(3);
        room.seats.push_back(std::move(seat));
    }
}

Status SqlStore::load_room_details_locked(StoredRoom& room) {
    if (auto seats = load_seats_locked(room); !seats) return seats;
    {
        auto actions = db().query(
            "SELECT seq, actor_seat, action_json, events_json, state_hash, time_ms FROM actions"
            " WHERE room_id = $1 ORDER BY seq",
            {room.room_id});
        if (!actions) return actions.status();
        sql::Statement& row = **actions;
        for (;;) {
            auto more = row.step();
            if (!more) return more.status();
            if (!*more) break;
            ActionRecord action;
            action.room_id = room.room_id;
            action.seq = row.int64(0);
            action.actor_seat = static_cast<int>(row.int64(1));
            action.action_json = row.text(2);
            if (!row.is_null(3)) action.events_json = row.text(3);
            if (!row.is_null(4)) action.state_hash = std::bit_cast<std::uint64_t>(row.int64(4));
            action.time_ms = row.int64(5);
            // append_action never leaves a gap; one here means the database was edited by hand.
            if (action.seq != static_cast<std::int64_t>(room.actions.size()) + 1) {
                return {ErrorCode::corrupt,
                        "room " + room.room_id + ": journal gap before seq " + std::to_string(action.seq)};
            }
            room.actions.push_back(std::move(action));
        }
    }
    {
        auto checkpoints = db().query("SELECT seq, state_hash FROM checkpoints WHERE room_id = $1 ORDER BY seq",
                                      {room.room_id});
        if (!checkpoints) return checkpoints.status();
        sql::Statement& row = **checkpoints;
        for (;;) {
            auto more = row.step();
            if (!more) return more.status();
            if (!*more) break;
            room.checkpoints.push_back({row.int64(0), std::bit_cast<std::uint64_t>(row.int64(1))});
        }
    }
    {
        auto clocks = db().query("SELECT seat, remaining_ms FROM seat_clocks WHERE room_id = $1 ORDER BY seat",
                                 {room.room_id});
        if (!clocks) return clocks.status();
        sql::Statement& row = **clocks;
        for (;;) {
            auto more = row.step();
            if (!more) return more.status();
            if (!*more) break;
            if (!room.clock) return {ErrorCode::corrupt, "room " + room.room_id + ": stray clock"};
            room.clock->seats.push_back({static_cast<int>(row.int64(0)), row.int64(1)});
        }
    }
    return {};
}

Result<std::vector<StoredRoom>> SqlStore::load_rooms_locked(std::string_view only_room) {
    std::vector<StoredRoom> rooms;
    {
        const std::string select =
            "SELECT r.room_id, r.status, r.config_json, r.seed, r.seed_commitment, r.engine_version,"
            " r.created_at_ms, r.clock_active_seat, r.clock_turn_started_at_ms, a.room_id IS NOT NULL"
            " FROM rooms r LEFT JOIN adjourned a ON a.room_id = r.room_id"
            " WHERE r.status IN ('lobby', 'running')";
        auto stmt = only_room.empty() ? db().query(select + " ORDER BY r.created_at_ms, r.room_id")
                                      : db().query(select + " AND r.room_id = $1", {only_room});
        if (!stmt) return stmt.error();
        sql::Statement& row = **stmt;
        for (;;) {
            auto more = row.step();
            if (!more) return more.error();
            if (!*more) break;
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

Result<std::vector<PlayerResult>> SqlStore::game_players_locked(std::string_view game_id) {
    auto stmt = db().query("SELECT seat, name, score, winner FROM game_players WHERE game_id = $1 ORDER BY seat",
                           {game_id});
    if (!stmt) return stmt.error();
    sql::Statement& row = **stmt;
    std::vector<PlayerResult> players;
    for (;;) {
        auto more = row.step();
        if (!more) return more.error();
        if (!*more) return players;
        players.push_back({static_cast<int>(row.int64(0)), row.text(1), row.int64(2), row.int64(3) != 0});
    }
}

Result<std::vector<GameSummary>> SqlStore::list_finished(int limit, int offset) {
    if (limit < 0 || offset < 0) return Error{ErrorCode::invalid_argument, "negative limit or offset"};
    std::lock_guard guard(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.error();
    std::vector<GameSummary> games;
    {
        auto stmt = db().query(
            "SELECT game_id, finished_at_ms, rule_system, engine_version FROM games"
            " ORDER BY finished_at_ms DESC, game_id DESC LIMIT $1 OFFSET $2",
            {limit, offset});
        if (!stmt) return stmt.error();
        sql::Statement& row = **stmt;
        for (;;) {
            auto more = row.step();
            if (!more) return more.error();
            if (!*more) break;
            games.push_back({row.text(0), row.int64(1), row.text(2), row.text(3), {}});
        }
    }
    for (auto& game : games) {
        auto players = game_players_locked(game.game_id);
        if (!players) return players.error();
        game.players = std::move(players).value();
    }
    return games;
}

Result<std::optional<std::string>> SqlStore::get_game(std::string_view game_id) {
    std::lock_guard guard(mutex_);
    auto stmt = db().query("SELECT record_json FROM games WHERE game_id = $1", {game_id});
    if (!stmt) return stmt.error();
    auto found = (*stmt)->step();
    if (!found) return found.error();
    if (!*found) return std::optional<std::string>();
    return std::optional<std::string>((*stmt)->text(0));
}

Result<std::vector<std::string>> SqlStore::known_ids() {
    std::lock_guard guard(mutex_);
    auto stmt = db().query("SELECT room_id FROM rooms UNION SELECT game_id FROM games ORDER BY 1");
    if (!stmt) return stmt.error();
    std::vector<std::string> ids;
    for (;;) {
        auto more = (*stmt)->step();
        if (!more) return more.error();
        if (!*more) return ids;
        ids.push_back((*stmt)->text(0));
    }
}

}  // namespace carc::storage
