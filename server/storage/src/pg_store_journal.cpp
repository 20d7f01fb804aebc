// PostgresStore: the action journal, its sequence check and state-hash checkpoints.
#include <bit>

#include "journal_rules.hpp"
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

Result<std::int64_t> PostgresStore::last_seq_locked(std::string_view room_id) {
    auto rows = conn_.query("SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = $1", {text(room_id)});
    if (!rows) return rows.error();
    return rows->int64(0, 0);
}

Result<std::int64_t> PostgresStore::last_seq(std::string_view room_id) {
    std::lock_guard guard(mutex_);
    if (auto exists = room_status_locked(room_id); !exists) return exists.error();
    return last_seq_locked(room_id);
}

Status PostgresStore::append_action(const ActionRecord& action, const std::optional<ClockState>& clock_after) {
    return in_transaction([&] { return append_action_locked(action, clock_after); });
}

Status PostgresStore::append_action_locked(const ActionRecord& action,
                                           const std::optional<ClockState>& clock_after) {
    if (action.action_json.empty()) return {ErrorCode::invalid_argument, "empty action_json"};
    if (auto fenced = fence_locked(action.room_id); !fenced) return fenced;
    auto status = room_status_locked(action.room_id);
    if (!status) return status.status();
    if (auto takes = room_takes_actions(action.room_id, *status); !takes) return takes;
    auto last = last_seq_locked(action.room_id);
    if (!last) return last.status();
    if (auto next = next_in_sequence(action.room_id, action.seq, *last); !next) return next;
    auto inserted = conn_.run(
        "INSERT INTO actions (room_id, seq, actor_seat, action_json, events_json, state_hash, time_ms)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
        {text(action.room_id), number(action.seq), number(action.actor_seat), text(action.action_json),
         action.events_json ? text(*action.events_json) : pg::Param{},
         action.state_hash ? number(std::bit_cast<std::int64_t>(*action.state_hash)) : pg::Param{},
         number(action.time_ms)});
    // Another writer appended the same seq in the meantime (the primary key caught it).
    if (!inserted && inserted.code() == ErrorCode::already_exists)
        return sequence_gap(action.room_id, action.seq, *last);
    if (!inserted) return inserted;
    if (lose_commit_answer_at_seq_ != 0 && action.seq == lose_commit_answer_at_seq_) {
        lose_commit_answer_at_seq_ = 0;  // once
        conn_.lose_next_commit_answer();
    }
    if (clock_after) return write_clock_locked(action.room_id, *clock_after);
    return {};
}

Status PostgresStore::save_checkpoint(std::string_view room_id, const Checkpoint& checkpoint) {
    return in_transaction([&] { return save_checkpoint_locked(room_id, checkpoint); });
}

Status PostgresStore::save_checkpoint_locked(std::string_view room_id, const Checkpoint& checkpoint) {
    if (auto fenced = fence_locked(room_id); !fenced) return fenced;
    if (auto exists = room_status_locked(room_id); !exists) return exists.status();
    auto last = last_seq_locked(room_id);
    if (!last) return last.status();
    if (checkpoint.seq < 0 || checkpoint.seq > *last) {
        return {ErrorCode::invalid_argument, "room " + std::string(room_id) + ": checkpoint seq " +
                                                 std::to_string(checkpoint.seq) +
                                                 " outside the journal (last seq " + std::to_string(*last) + ")"};
    }
    return conn_.run(
        "INSERT INTO checkpoints (room_id, seq, state_hash) VALUES ($1, $2, $3)"
        " ON CONFLICT (room_id, seq) DO UPDATE SET state_hash = excluded.state_hash",
        {text(room_id), number(checkpoint.seq), number(std::bit_cast<std::int64_t>(checkpoint.state_hash))});
}

}  // namespace carc::storage
