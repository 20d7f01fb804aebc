// SqliteStore: finished games, their listing and their records.
#include "sqlite_store.hpp"

namespace carc::storage {

Status SqliteStore::finish_game(const FinishedGame& game) {
    return in_transaction([&] { return finish_game_locked(game); });
}

Status SqliteStore::finish_game_locked(const FinishedGame& game) {
    if (game.record_json.empty()) return {ErrorCode::invalid_argument, "empty record_json"};
    auto status = room_status_locked(game.game_id);
    if (!status) return status.status();
    if (*status == RoomStatus::finished) {
        return {ErrorCode::already_exists, "game " + game.game_id + ": already finished"};
    }
    for (const char* sql : {"UPDATE rooms SET status = 'finished' WHERE room_id = ?",
                            "DELETE FROM adjourned WHERE room_id = ?"}) {
        auto room = sqlite::Statement::prepare(db_, sql);
        if (!room) return room.status();
        room->bind(1, game.game_id);
        if (auto ran = room->run(); !ran) return ran;
    }
    {
        auto insert = sqlite::Statement::prepare(
            db_,
            "INSERT INTO games (game_id, finished_at_ms, rule_system, engine_version, record_json)"
            " VALUES (?, ?, ?, ?, ?)");
        if (!insert) return insert.status();
        insert->bind(1, game.game_id)
            .bind(2, game.finished_at_ms)
            .bind(3, game.rule_system)
            .bind(4, game.engine_version)
            .bind(5, game.record_json);
        if (auto ran = insert->run(); !ran) return ran;
    }
    for (const auto& player : game.players) {
        auto insert = sqlite::Statement::prepare(
            db_,
            "INSERT INTO game_players (game_id, seat, name, score, winner) VALUES (?, ?, ?, ?, ?)");
        if (!insert) return insert.status();
        insert->bind(1, game.game_id)
            .bind(2, player.seat)
            .bind(3, player.name)
            .bind(4, player.score)
            .bind(5, player.winner ? 1 : 0);
        if (auto ran = insert->run(); !ran) return ran;
    }
    return {};
}

Result<std::vector<PlayerResult>> SqliteStore::game_players_locked(std::string_view game_id) {
    auto stmt = sqlite::Statement::prepare(
        db_, "SELECT seat, name, score, winner FROM game_players WHERE game_id = ? ORDER BY seat");
    if (!stmt) return stmt.error();
    stmt->bind(1, game_id);
    std::vector<PlayerResult> players;
    for (;;) {
        auto row = stmt->step();
        if (!row) return row.error();
        if (!*row) break;
        players.push_back({static_cast<int>(stmt->column_int64(0)), stmt->column_text(1),
                           stmt->column_int64(2), stmt->column_int64(3) != 0});
    }
    return players;
}

Result<std::vector<GameSummary>> SqliteStore::list_finished(int limit, int offset) {
    if (limit < 0 || offset < 0) {
        return Error{ErrorCode::invalid_argument, "negative limit or offset"};
    }
    std::lock_guard guard(mutex_);
    auto tx = sqlite::ReadTransaction::begin(db_);
    if (!tx) return tx.error();

    std::vector<GameSummary> games;
    {
        auto stmt = sqlite::Statement::prepare(
            db_,
            "SELECT game_id, finished_at_ms, rule_system, engine_version FROM games"
            " ORDER BY finished_at_ms DESC, game_id DESC LIMIT ? OFFSET ?");
        if (!stmt) return stmt.error();
        stmt->bind(1, limit).bind(2, offset);
        for (;;) {
            auto row = stmt->step();
            if (!row) return row.error();
            if (!*row) break;
            games.push_back({stmt->column_text(0), stmt->column_int64(1), stmt->column_text(2),
                             stmt->column_text(3), {}});
        }
    }
    for (auto& game : games) {
        auto players = game_players_locked(game.game_id);
        if (!players) return players.error();
        game.players = std::move(players).value();
    }
    return games;
}

Result<std::optional<std::string>> SqliteStore::get_game(std::string_view game_id) {
    std::lock_guard guard(mutex_);
    auto stmt = sqlite::Statement::prepare(db_, "SELECT record_json FROM games WHERE game_id = ?");
    if (!stmt) return stmt.error();
    stmt->bind(1, game_id);
    auto row = stmt->step();
    if (!row) return row.error();
    if (!*row) return std::optional<std::string>();
    return std::optional<std::string>(stmt->column_text(0));
}

Result<std::vector<std::string>> SqliteStore::known_ids() {
    std::lock_guard guard(mutex_);
    auto stmt = sqlite::Statement::prepare(
        db_, "SELECT room_id FROM rooms UNION SELECT game_id FROM games ORDER BY 1");
    if (!stmt) return stmt.error();
    std::vector<std::string> ids;
    for (;;) {
        auto row = stmt->step();
        if (!row) return row.error();
        if (!*row) break;
        ids.push_back(stmt->column_text(0));
    }
    return ids;
}

}  // namespace carc::storage
