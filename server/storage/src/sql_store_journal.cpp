// SqlStore: the action journal (its sequence check, clocks and state-hash checkpoints), finished
// games, and group commit.
#include <bit>

#include "journal_rules.hpp"
#include "sql_store.hpp"

namespace carc::storage {

using sql::Param;

Result<std::int64_t> SqlStore::last_seq_locked(std::string_view room_id) {
    auto row = db().query("SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = $1", {room_id});
    if (!row) return row.error();
    if (auto stepped = (*row)->step(); !stepped) return stepped.error();
    return (*row)->int64(0);
}

Status SqlStore::append_action_locked(const ActionRecord& action, const std::optional<ClockState>& clock_after) {
    if (action.action_json.empty()) return {ErrorCode::invalid_argument, "empty action_json"};
    if (auto fenced = fence_locked(action.room_id); !fenced) return fenced;
    auto status = room_status_locked(action.room_id);
    if (!status) return status.status();
    if (auto takes = room_takes_actions(action.room_id, *status); !takes) return takes;
    auto last = last_seq_locked(action.room_id);
    if (!last) return last.status();
    if (auto next = next_in_sequence(action.room_id, action.seq, *last); !next) return next;
    auto inserted = db().run(
        "INSERT INTO actions (room_id, seq, actor_seat, action_json, events_json, state_hash, time_ms)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
        {action.room_id, action.seq, action.actor_seat, action.action_json, sql::optional_text(action.events_json),
         action.state_hash ? Param(std::bit_cast<std::int64_t>(*action.state_hash)) : Param(sql::null),
         action.time_ms});
    // Another writer appended the same seq in the meantime (the primary key caught it).
    if (!inserted && inserted.code() == ErrorCode::already_exists)
        return sequence_gap(action.room_id, action.seq, *last);
    if (!inserted) return inserted;
    action_written_locked(action);
    if (clock_after) return write_clock_locked(action.room_id, *clock_after);
    return {};
}

Status SqlStore::write_clock_locked(std::string_view room_id, const ClockState& clock) {
    auto updated = db().run_counting(
        "UPDATE rooms SET clock_active_seat = $1, clock_turn_started_at_ms = $2 WHERE room_id = $3",
        {clock.active_seat, clock.turn_started_at_ms, room_id});
    if (!updated) return updated.status();
    if (*updated == 0) return {ErrorCode::not_found, "room " + std::string(room_id) + ": no such room"};
    if (auto cleared = db().run("DELETE FROM seat_clocks WHERE room_id = $1", {room_id}); !cleared) return cleared;
    for (const auto& seat : clock.seats) {
        if (auto ran = db().run("INSERT INTO seat_clocks (room_id, seat, remaining_ms) VALUES ($1, $2, $3)",
                                {room_id, seat.seat, seat.remaining_ms});
            !ran)
            return ran;
    }
    return {};
}

Status SqlStore::save_checkpoint_locked(std::string_view room_id, const Checkpoint& checkpoint) {
    if (auto fenced = fence_locked(room_id); !fenced) return fenced;
    if (auto exists = room_status_locked(room_id); !exists) return exists.status();
    auto last = last_seq_locked(room_id);
    if (!last) return last.status();
    if (checkpoint.seq < 0 || checkpoint.seq > *last) {
        return {ErrorCode::invalid_argument, "room " + std::string(room_id) + ": checkpoint seq " +
                                                 std::to_string(checkpoint.seq) + " outside the journal (last seq " +
                                                 std::to_string(*last) + ")"};
    }
    return db().run(
        "INSERT INTO checkpoints (room_id, seq, state_hash) VALUES ($1, $2, $3)"
        " ON CONFLICT (room_id, seq) DO UPDATE SET state_hash = excluded.state_hash",
        {room_id, checkpoint.seq, std::bit_cast<std::int64_t>(checkpoint.state_hash)});
}

Status SqlStore::finish_game_locked(const FinishedGame& game) {
    if (game.record_json.empty()) return {ErrorCode::invalid_argument, "empty record_json"};
    if (auto fenced = fence_locked(game.game_id); !fenced) return fenced;
    auto status = room_status_locked(game.game_id);
    if (!status) return status.status();
    if (*status == RoomStatus::finished) return {ErrorCode::already_exists, "game " + game.game_id + ": already finished"};
    if (auto ran = db().run("UPDATE rooms SET status = 'finished' WHERE room_id = $1", {game.game_id}); !ran) return ran;
    if (auto ran = db().run("DELETE FROM adjourned WHERE room_id = $1", {game.game_id}); !ran) return ran;
    if (auto ran = db().run(
            "INSERT INTO games (game_id, finished_at_ms, rule_system, engine_version, record_json)"
            " VALUES ($1, $2, $3, $4, $5)",
            {game.game_id, game.finished_at_ms, game.rule_system, game.engine_version, game.record_json});
        !ran)
        return ran;
    for (const auto& player : game.players) {
        if (auto ran = db().run(
                "INSERT INTO game_players (game_id, seat, name, score, winner) VALUES ($1, $2, $3, $4, $5)",
                {game.game_id, player.seat, player.name, player.score, player.winner ? 1 : 0});
            !ran)
            return ran;
    }
    if (auto counted = count_stats_locked(game); !counted) return counted;
    if (game.rated)
        if (auto rated = rate_game_locked(game.game_id, game.finished_at_ms, *game.rated); !rated) return rated;
    // A seat of an account deleted while the game ran shows the replacement name.
    return replace_names_in_finished_game_locked(game.game_id);
}

// Group commit: many rooms' writes in one transaction, each in a savepoint of its own, and one
// COMMIT (one fsync) for all of them. A refused write is undone alone and reported; when a
// savepoint statement or the COMMIT fails, every write fails and none is stored.
std::vector<Status> SqlStore::write_batch(const std::vector<JournalWrite>& writes) {
    std::vector<Status> results(writes.size());
    if (writes.empty()) return results;
    const auto fail_all = [&](const Status& why) {
        for (Status& r : results) r = why;
        return results;
    };
    std::lock_guard guard(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return fail_all(tx.status());
    if (writes.size() == 1) {
        // Alone in its transaction: a refused write rolls the transaction back, no savepoint needed.
        results[0] = write_locked(writes[0]);
        if (!results[0]) return results;
    } else {
        for (std::size_t i = 0; i < writes.size(); ++i) {
            if (auto saved = db().run("SAVEPOINT journal_write"); !saved) return fail_all(saved);
            results[i] = write_locked(writes[i]);
            // A refused write is undone alone; the batch goes on. A lost connection ends it.
            if (!results[i] && !db().run("ROLLBACK TO SAVEPOINT journal_write")) return fail_all(results[i]);
            if (auto released = db().run("RELEASE SAVEPOINT journal_write"); !released) return fail_all(released);
        }
    }
    if (auto committed = tx->commit(); !committed) return fail_all(committed);
    return results;
}

Status SqlStore::write_locked(const JournalWrite& write) {
    if (const auto* begin = std::get_if<BeginGameWrite>(&write)) {
        if (auto created = create_room_locked(begin->room); !created) return created;
        // The room was just created (and fenced) in this transaction.
        for (const SeatRecord& seat : begin->seats)
            if (auto put = write_seat_locked(begin->room.room_id, seat); !put) return put;
        return save_checkpoint_locked(begin->room.room_id, begin->initial);
    }
    if (const auto* action = std::get_if<ActionWrite>(&write)) {
        // All in the write's one savepoint: a refused action undoes the ones before it.
        const bool more = !action->then.empty();
        if (auto first = append_action_locked(action->action, more ? std::nullopt : action->clock_after); !first)
            return first;
        for (std::size_t i = 0; i < action->then.size(); ++i) {
            const bool last = i + 1 == action->then.size();
            if (auto put = append_action_locked(action->then[i], last ? action->clock_after : std::nullopt); !put)
                return put;
        }
        return {};
    }
    if (const auto* seat = std::get_if<SeatWrite>(&write)) return put_seat_locked(seat->room_id, seat->seat);
    if (const auto* status = std::get_if<StatusWrite>(&write))
        return set_room_status_locked(status->room_id, status->status);
    if (const auto* waiting = std::get_if<WaitingRoomWrite>(&write)) return put_waiting_room_locked(*waiting);
    if (const auto* turn = std::get_if<TurnWrite>(&write)) return put_turn_locked(*turn);
    if (const auto* chat = std::get_if<ChatWrite>(&write)) return put_chat_locked(*chat);
    return finish_game_locked(std::get<FinishWrite>(write).game);
}

}  // namespace carc::storage
