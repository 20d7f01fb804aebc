#pragma once
// Group commit, the same for every Store: many rooms' writes in one transaction, each in a
// savepoint of its own, and one COMMIT (one fsync) for all of them. A refused write is undone
// alone and reported; when a savepoint statement or the COMMIT fails, every write fails and none
// is stored.
//
// `Backend` is a store class that befriends GroupCommit<Backend> and has, besides `mutex_` and
// the *_locked writes (create_room, put_seat, save_checkpoint, append_action, set_room_status,
// finish_game, put_waiting_room), two hooks: begin_write_locked() -> Result<transaction with commit()>, and
// run_locked(sql) -> Status.

#include <mutex>
#include <string_view>
#include <variant>
#include <vector>

#include "carc/storage/store.hpp"

namespace carc::storage {

template <typename Backend>
class GroupCommit {
public:
    static std::vector<Status> write_batch(Backend& store, const std::vector<JournalWrite>& writes) {
        std::vector<Status> results(writes.size());
        if (writes.empty()) return results;
        const auto fail_all = [&](const Status& why) {
            for (Status& r : results) r = why;
            return results;
        };
        std::lock_guard guard(store.mutex_);
        auto tx = store.begin_write_locked();
        if (!tx) return fail_all(tx.status());
        if (writes.size() == 1) {
            // Alone in its transaction: a refused write rolls the transaction back, no savepoint needed.
            results[0] = write_locked(store, writes[0]);
            if (!results[0]) return results;
        } else {
            for (std::size_t i = 0; i < writes.size(); ++i) {
                if (auto saved = store.run_locked("SAVEPOINT journal_write"); !saved) return fail_all(saved);
                results[i] = write_locked(store, writes[i]);
                // A refused write is undone alone; the batch goes on. A lost connection ends it.
                if (!results[i] && !store.run_locked("ROLLBACK TO SAVEPOINT journal_write"))
                    return fail_all(results[i]);
                if (auto released = store.run_locked("RELEASE SAVEPOINT journal_write"); !released)
                    return fail_all(released);
            }
        }
        if (auto committed = tx->commit(); !committed) return fail_all(committed);
        return results;
    }

private:
    static Status write_locked(Backend& store, const JournalWrite& write) {
        if (const auto* begin = std::get_if<BeginGameWrite>(&write)) {
            if (auto created = store.create_room_locked(begin->room); !created) return created;
            for (const SeatRecord& seat : begin->seats)
                if (auto put = store.put_seat_locked(begin->room.room_id, seat); !put) return put;
            return store.save_checkpoint_locked(begin->room.room_id, begin->initial);
        }
        if (const auto* action = std::get_if<ActionWrite>(&write))
            return store.append_action_locked(action->action, action->clock_after);
        if (const auto* seat = std::get_if<SeatWrite>(&write)) return store.put_seat_locked(seat->room_id, seat->seat);
        if (const auto* status = std::get_if<StatusWrite>(&write))
            return store.set_room_status_locked(status->room_id, status->status);
        if (const auto* waiting = std::get_if<WaitingRoomWrite>(&write)) return store.put_waiting_room_locked(*waiting);
        return store.finish_game_locked(std::get<FinishWrite>(write).game);
    }
};

}  // namespace carc::storage
