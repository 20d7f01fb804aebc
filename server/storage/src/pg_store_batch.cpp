// PostgresStore: group commit. Many rooms' writes in one transaction, each in a savepoint of
// its own, and one COMMIT for all of them.
#include "pg_store.hpp"

namespace carc::storage {

Status PostgresStore::write_locked(const JournalWrite& write) {
    if (const auto* begin = std::get_if<BeginGameWrite>(&write)) {
        if (auto created = create_room_locked(begin->room); !created) return created;
        for (const SeatRecord& seat : begin->seats)
            if (auto put = put_seat_locked(begin->room.room_id, seat); !put) return put;
        return save_checkpoint_locked(begin->room.room_id, begin->initial);
    }
    if (const auto* action = std::get_if<ActionWrite>(&write)) return append_action_locked(action->action, action->clock_after);
    if (const auto* seat = std::get_if<SeatWrite>(&write)) return put_seat_locked(seat->room_id, seat->seat);
    if (const auto* status = std::get_if<StatusWrite>(&write)) return set_room_status_locked(status->room_id, status->status);
    if (const auto* waiting = std::get_if<WaitingRoomWrite>(&write)) return put_waiting_room_locked(*waiting);
    return finish_game_locked(std::get<FinishWrite>(write).game);
}

std::vector<Status> PostgresStore::write_batch(const std::vector<JournalWrite>& writes) {
    std::vector<Status> results(writes.size());
    if (writes.empty()) return results;
    const auto fail_all = [&](const Status& why) {
        for (Status& r : results) r = why;
        return results;
    };
    std::lock_guard guard(mutex_);
    auto tx = pg::Transaction::begin(conn_);
    if (!tx) return fail_all(tx.status());
    for (std::size_t i = 0; i < writes.size(); ++i) {
        if (auto saved = conn_.run("SAVEPOINT journal_write"); !saved) return fail_all(saved);
        results[i] = write_locked(writes[i]);
        // A refused write is undone alone; the batch goes on. A lost connection ends it.
        if (!results[i] && !conn_.run("ROLLBACK TO SAVEPOINT journal_write")) return fail_all(results[i]);
        if (auto released = conn_.run("RELEASE SAVEPOINT journal_write"); !released) return fail_all(released);
    }
    if (auto committed = tx->commit(); !committed) return fail_all(committed);
    return results;
}

}  // namespace carc::storage
