// SqlStore: a room's chat lines, its last kept_chat_lines kept with it (schema 7).
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

Status SqlStore::put_chat_locked(const ChatWrite& write) {
    const ChatLine& line = write.line;
    if (line.text.empty()) return {ErrorCode::invalid_argument, "room " + write.room_id + ": empty chat line"};
    if (line.seat < -1) return {ErrorCode::invalid_argument, "room " + write.room_id + ": chat seat below -1"};
    if (auto fenced = fence_locked(write.room_id); !fenced) return fenced;
    auto status = room_status_locked(write.room_id);
    if (!status) return status.status();
    // Only a room that comes back after a restart keeps its chat.
    if (*status == RoomStatus::finished || *status == RoomStatus::abandoned)
        return {ErrorCode::invalid_state,
                "room " + write.room_id + " is " + to_string(*status) + ": its chat is no longer kept"};
    if (auto inserted = db().run(
            "INSERT INTO chat (room_id, person_id, seat, name, text, time_ms) VALUES ($1, $2, $3, $4, $5, $6)",
            {write.room_id, line.person_id, line.seat, line.name, line.text, line.time_ms});
        !inserted)
        return inserted;
    // The newest line beyond the kept ones, and every older one, go (none while there are fewer).
    return db().run(
        "DELETE FROM chat WHERE room_id = $1 AND id <= (SELECT id FROM chat WHERE room_id = $1"
        " ORDER BY id DESC LIMIT 1 OFFSET $2)",
        {write.room_id, kept_chat_lines});
}

Status SqlStore::load_chat_locked(StoredRoom& room) {
    return db().for_each_row(
        "SELECT person_id, seat, name, text, time_ms, removed FROM chat WHERE room_id = $1 ORDER BY id",
        {room.room_id}, [&](const Statement& row) -> Status {
            room.chat.push_back({row.text(0), static_cast<int>(row.int64(1)), row.text(2), row.text(3), row.int64(4),
                                 row.int64(5) != 0});
            return {};
        });
}

}  // namespace carc::storage
