// SqliteStore: group commit. Many rooms' writes in one transaction, each in a savepoint of its
// own, and one COMMIT (one fsync of the WAL) for all of them.
#include "sqlite_store.hpp"

namespace carc::storage {

Status SqliteStore::write_locked(const JournalWrite& write) {
    if (const auto* begin = std::get_if<BeginGameWrite>(&write)) {
        if (auto created = create_room_locked(begin->room); !created) return created;
        for (const SeatRecord& seat : begin->seats)
            if (auto put = put_seat_locked(begin->room.room_id, seat); !put) return put;
        return save_checkpoint_locked(begin->room.room_id, begin->initial);
    }
    if (const auto* action = std::get_if<ActionWrite>(&write)) {
        if (action->action.action_json.empty()) return {ErrorCode::invalid_argument, "empty action_json"};
        return append_action_locked(action->action, action->clock_after);
    }
    if (const auto* seat = std::get_if<SeatWrite>(&write)) return put_seat_locked(seat->room_id, seat->seat);
    if (const auto* status = std::get_if<StatusWrite>(&write))
        return set_room_status_locked(status->room_id, status->status);
    if (const auto* waiting = std::get_if<WaitingRoomWrite>(&write)) return put_waiting_room_locked(*waiting);
    return finish_game_locked(std::get<FinishWrite>(write).game);
}

std::vector<Status> SqliteStore::write_batch(const std::vector<JournalWrite>& writes) {
    std::vector<Status> results(writes.size());
    if (writes.empty()) return results;
    const auto fail_all = [&](const Status& why) {
        for (Status& r : results) r = why;
        return results;
    };
    std::lock_guard guard(mutex_);
    auto tx = sqlite::WriteTransaction::begin(db_);
    if (!tx) return fail_all(tx.status());
    // The savepoint statements run for every write: prepared once (the connection keeps them).
    const auto run = [&](std::string_view sql) -> Status {
        auto stmt = sqlite::Statement::prepare(db_, sql);
        if (!stmt) return stmt.status();
        return stmt->run();
    };
    if (writes.size() == 1) {
        // Alone in its transaction: a refused write rolls the transaction back, no savepoint needed.
        results[0] = write_locked(writes[0]);
        if (!results[0]) return results;
    } else {
        for (std::size_t i = 0; i < writes.size(); ++i) {
            if (auto saved = run("SAVEPOINT journal_write"); !saved) return fail_all(saved);
            results[i] = write_locked(writes[i]);
            // A refused write is undone alone; the batch goes on.
            if (!results[i] && !run("ROLLBACK TO journal_write")) return fail_all(results[i]);
            if (auto released = run("RELEASE journal_write"); !released) return fail_all(released);
        }
    }
    // synchronous=FULL: COMMIT returns after the WAL is fsynced, for every write at once
    // (NORMAL: once the WAL is written).
    if (auto committed = tx->commit(); !committed) return fail_all(committed);
    return results;
}

}  // namespace carc::storage
