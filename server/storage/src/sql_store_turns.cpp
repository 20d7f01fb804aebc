// SqlStore: turn-based games' current moves and deadlines, and vacation days (docs/accounts.md).
#include "sql_store.hpp"

namespace carc::storage {

using sql::Param;
using sql::Statement;

Status SqlStore::put_turn_locked(const TurnWrite& write) {
    if (auto fenced = fence_locked(write.room_id); !fenced) return fenced;
    const TurnDeadline& t = write.turn;
    return db().run(
        "INSERT INTO turn_deadlines (room_id, seat, seq, deadline_ms) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (room_id) DO UPDATE SET seat = excluded.seat, seq = excluded.seq,"
        " deadline_ms = excluded.deadline_ms",
        {write.room_id, t.seat, t.seq, t.deadline_ms ? Param(*t.deadline_ms) : Param(sql::null)});
}

Status SqlStore::load_turn_locked(StoredRoom& room) {
    return db().for_each_row("SELECT seat, seq, deadline_ms FROM turn_deadlines WHERE room_id = $1", {room.room_id},
                             [&](const Statement& row) -> Status {
                                 TurnDeadline turn{static_cast<int>(row.int64(0)), row.int64(1), std::nullopt};
                                 if (!row.is_null(2)) turn.deadline_ms = row.int64(2);
                                 room.turn = turn;
                                 return {};
                             });
}

Result<int> SqlStore::vacation_left_locked(std::string_view person_id, TimeMs now_ms, std::int64_t day_ms,
                                           bool* auto_vacation) {
    std::optional<int> left;
    auto read = db().for_each_row(
        "SELECT a.created_at_ms, a.auto_vacation, coalesce(v.spent_days, 0) FROM accounts a"
        " LEFT JOIN vacation v ON v.person_id = a.person_id WHERE a.person_id = $1",
        {person_id}, [&](const Statement& row) -> Status {
            if (auto_vacation) *auto_vacation = row.int64(1) != 0;
            left = vacation_days_left(row.int64(0), now_ms, day_ms, row.int64(2));
            return {};
        });
    if (!read) return read.error();
    return left.value_or(0);  // not an account: no vacation
}

Result<DeadlineResult> SqlStore::fire_deadline(const DeadlineFire& fire) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    if (auto fenced = fence_locked(fire.room_id); !fenced) return fenced.error();
    DeadlineResult result;
    bool auto_vacation = false;
    if (!fire.person_id.empty()) {
        auto left = vacation_left_locked(fire.person_id, fire.now_ms, fire.day_ms, &auto_vacation);
        if (!left) return left.error();
        result.vacation_days_left = *left;
    }
    const bool spend = result.vacation_days_left > 0 && (auto_vacation || fire.on_purpose);
    if (fire.on_purpose && !spend) {
        result.outcome = DeadlineOutcome::refused;
        return result;
    }
    const TimeMs later = fire.deadline_ms + fire.day_ms;
    // The one statement that decides: it changes the row only while it still holds the move and
    // deadline this node knows, so of several nodes firing the same deadline one wins.
    auto won = db().run_counting(
        "UPDATE turn_deadlines SET deadline_ms = $1 WHERE room_id = $2 AND seq = $3 AND deadline_ms = $4",
        {spend ? Param(later) : Param(sql::null), fire.room_id, fire.seq, fire.deadline_ms});
    if (!won) return won.error();
    if (*won == 0) return result;  // lost
    if (spend) {
        auto spent = db().run(
            "INSERT INTO vacation (person_id, spent_days) VALUES ($1, 1)"
            " ON CONFLICT (person_id) DO UPDATE SET spent_days = vacation.spent_days + 1",
            {fire.person_id});
        if (!spent) return spent.error();
        result.outcome = DeadlineOutcome::vacation;
        result.deadline_ms = later;
        --result.vacation_days_left;
    } else {
        result.outcome = DeadlineOutcome::expired;
    }
    if (auto committed = tx->commit(); !committed) return committed.error();
    return result;
}

Result<int> SqlStore::vacation_left(std::string_view person_id, TimeMs now_ms, std::int64_t day_ms) {
    std::lock_guard lock(mutex_);
    return vacation_left_locked(person_id, now_ms, day_ms, nullptr);
}

Result<int> SqlStore::running_turn_based_games(const TokenHash& person_token_hash) {
    std::lock_guard lock(mutex_);
    // A turn-based room is known by its settings, written when it was created: its first
    // deadline is a later journal write, and a count that waited for it would let a second game
    // in while the first one's start is being stored. Inside the JSON every quote of a string is
    // escaped, so only the settings' own key can match.
    auto row = db().query(
        "SELECT count(*) FROM seats s JOIN rooms r ON r.room_id = s.room_id"
        " WHERE s.token_sha256 = $1 AND r.status = 'running' AND s.bot_kind <> 'resigned'"
        " AND r.config_json LIKE '%\"move_time_s\":%'",
        {person_token_hash.hex()});
    if (!row) return row.error();
    if (auto stepped = (*row)->step(); !stepped) return stepped.error();
    return static_cast<int>((*row)->int64(0));
}

}  // namespace carc::storage
