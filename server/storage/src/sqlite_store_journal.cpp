// SqliteStore: the action journal, its sequence check and state-hash checkpoints.
#include <bit>

#include "journal_rules.hpp"
#include "sqlite_store.hpp"

namespace carc::storage {

Result<std::int64_t> SqliteStore::last_seq_locked(std::string_view room_id) {
    auto stmt = sqlite::Statement::prepare(
        db_, "SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = ?");
    if (!stmt) return stmt.error();
    stmt->bind(1, room_id);
    auto row = stmt->step();
    if (!row) return row.error();
    return stmt->column_int64(0);
}

Result<std::int64_t> SqliteStore::last_seq(std::string_view room_id) {
    std::lock_guard guard(mutex_);
    if (auto exists = room_status_locked(room_id); !exists) return exists.error();
    return last_seq_locked(room_id);
}

Status SqliteStore::append_action(const ActionRecord& action,
                                  const std::optional<ClockState>& clock_after) {
    if (action.action_json.empty()) return {ErrorCode::invalid_argument, "empty action_json"};
    // synchronous=FULL: COMMIT returns after the WAL is fsynced.
    return in_transaction([&] { return append_action_locked(action, clock_after); });
}

Status SqliteStore::append_action_locked(const ActionRecord& action,
                                         const std::optional<ClockState>& clock_after) {
    if (action.action_json.empty()) return {ErrorCode::invalid_argument, "empty action_json"};
    auto status = room_status_locked(action.room_id);
    if (!status) return status.status();
    if (auto takes = room_takes_actions(action.room_id, *status); !takes) return takes;
    auto last = last_seq_locked(action.room_id);
    if (!last) return last.status();
    if (auto next = next_in_sequence(action.room_id, action.seq, *last); !next) return next;

    auto insert = sqlite::Statement::prepare(
        db_,
        "INSERT INTO actions (room_id, seq, actor_seat, action_json, events_json, state_hash,"
        " time_ms) VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (!insert) return insert.status();
    insert->bind(1, action.room_id)
        .bind(2, action.seq)
        .bind(3, action.actor_seat)
        .bind(4, action.action_json)
        .bind_optional(5, action.events_json)
        .bind(7, action.time_ms);
    if (action.state_hash) {
        insert->bind(6, std::bit_cast<std::int64_t>(*action.state_hash));
    } else {
        insert->bind_null(6);
    }
    if (auto ran = insert->run(); !ran) return ran;

    if (clock_after) return write_clock_locked(action.room_id, *clock_after);
    return {};
}

Status SqliteStore::save_checkpoint(std::string_view room_id, const Checkpoint& checkpoint) {
    return in_transaction([&] { return save_checkpoint_locked(room_id, checkpoint); });
}

Status SqliteStore::save_checkpoint_locked(std::string_view room_id, const Checkpoint& checkpoint) {
    auto last = last_seq_locked(room_id);
    if (!last) return last.status();
    if (auto exists = room_status_locked(room_id); !exists) return exists.status();
    if (checkpoint.seq < 0 || checkpoint.seq > *last) {
        return {ErrorCode::invalid_argument, "room " + std::string(room_id) + ": checkpoint seq " +
                                                 std::to_string(checkpoint.seq) +
                                                 " outside the journal (last seq " +
                                                 std::to_string(*last) + ")"};
    }
    auto upsert = sqlite::Statement::prepare(
        db_,
        "INSERT INTO checkpoints (room_id, seq, state_hash) VALUES (?, ?, ?)"
        " ON CONFLICT (room_id, seq) DO UPDATE SET state_hash = excluded.state_hash");
    if (!upsert) return upsert.status();
    upsert->bind(1, room_id)
        .bind(2, checkpoint.seq)
        .bind(3, std::bit_cast<std::int64_t>(checkpoint.state_hash));
    return upsert->run();
}

}  // namespace carc::storage
