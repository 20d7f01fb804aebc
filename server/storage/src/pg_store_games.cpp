// PostgresStore: finished games, their listing and their records.
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

Status PostgresStore::finish_game(const FinishedGame& game) {
    return in_transaction([&] { return finish_game_locked(game); });
}

Status PostgresStore::finish_game_locked(const FinishedGame& game) {
    if (game.record_json.empty()) return {ErrorCode::invalid_argument, "empty record_json"};
    if (auto fenced = fence_locked(game.game_id); !fenced) return fenced;
    auto status = room_status_locked(game.game_id);
    if (!status) return status.status();
    if (*status == RoomStatus::finished) return {ErrorCode::already_exists, "game " + game.game_id + ": already finished"};
    if (auto ran = conn_.run("UPDATE rooms SET status = 'finished' WHERE room_id = $1", {text(game.game_id)}); !ran)
        return ran;
    if (auto ran = conn_.run(
            "INSERT INTO games (game_id, finished_at_ms, rule_system, engine_version, record_json)"
            " VALUES ($1, $2, $3, $4, $5)",
            {text(game.game_id), number(game.finished_at_ms), text(game.rule_system),
             text(game.engine_version), text(game.record_json)});
        !ran)
        return ran;
    for (const auto& player : game.players) {
        if (auto ran = conn_.run(
                "INSERT INTO game_players (game_id, seat, name, score, winner) VALUES ($1, $2, $3, $4, $5)",
                {text(game.game_id), number(player.seat), text(player.name), number(player.score),
                 text(player.winner ? "true" : "false")});
            !ran)
            return ran;
    }
    return {};
}

Result<std::vector<PlayerResult>> PostgresStore::game_players_locked(std::string_view game_id) {
    auto rows = conn_.query("SELECT seat, name, score, winner FROM game_players WHERE game_id = $1 ORDER BY seat",
                            {text(game_id)});
    if (!rows) return rows.error();
    std::vector<PlayerResult> players;
    for (int i = 0; i < rows->size(); ++i) {
        players.push_back({static_cast<int>(rows->int64(i, 0)), rows->text(i, 1), rows->int64(i, 2), rows->text(i, 3) == "t"});
    }
    return players;
}

Result<std::vector<GameSummary>> PostgresStore::list_finished(int limit, int offset) {
    if (limit < 0 || offset < 0) return Error{ErrorCode::invalid_argument, "negative limit or offset"};
    std::lock_guard guard(mutex_);
    auto rows = conn_.query(
        "SELECT game_id, finished_at_ms, rule_system, engine_version FROM games"
        " ORDER BY finished_at_ms DESC, game_id DESC LIMIT $1 OFFSET $2",
        {number(limit), number(offset)});
    if (!rows) return rows.error();
    std::vector<GameSummary> games;
    for (int i = 0; i < rows->size(); ++i) {
        games.push_back({rows->text(i, 0), rows->int64(i, 1), rows->text(i, 2), rows->text(i, 3), {}});
    }
    // A game's players are written with it in one transaction, so a separate read is whole.
    for (auto& game : games) {
        auto players = game_players_locked(game.game_id);
        if (!players) return players.error();
        game.players = std::move(players).value();
    }
    return games;
}

Result<std::optional<std::string>> PostgresStore::get_game(std::string_view game_id) {
    std::lock_guard guard(mutex_);
    auto rows = conn_.query("SELECT record_json FROM games WHERE game_id = $1", {text(game_id)});
    if (!rows) return rows.error();
    if (rows->size() == 0) return std::optional<std::string>();
    return std::optional<std::string>(rows->text(0, 0));
}

Result<std::vector<std::string>> PostgresStore::known_ids() {
    std::lock_guard guard(mutex_);
    auto rows = conn_.query("SELECT room_id FROM rooms UNION SELECT game_id FROM games ORDER BY 1");
    if (!rows) return rows.error();
    std::vector<std::string> ids;
    for (int i = 0; i < rows->size(); ++i) ids.push_back(rows->text(i, 0));
    return ids;
}

}  // namespace carc::storage
