#pragma once
// room_journal over carc::storage::Store: what rooms journal becomes durable rows (docs/storage.md).
// Thread-safe because Store is; every call returns only once the write is on disk or refused.
// A refused write is logged with the store's message and reported to the room as `false`, so the
// room refuses the action and changes nothing.

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "carc/storage/store.hpp"
#include "carc/records/game_record.hpp"
#include "persistence/journal.hpp"

namespace carc::server {

// What the rooms table's config_json holds for a game: everything a restarted server needs that
// Store has no column for (settings, invite code, seed nonce, the person id of each seat).
nlohmann::json room_config_json(const game_start& start);

class storage_journal final : public room_journal {
public:
    explicit storage_journal(std::shared_ptr<storage::Store> store) : store_(std::move(store)) {}

    bool begin_game(const game_start& start) override;
    bool append_action(const journal_action& action) override;
    bool resign_seat(const std::string& room_id, int seat, const journal_seat& who) override;
    void end_game(const game_end& end) override;
    void flush() override {}  // every call is already durable when it returns

private:
    std::shared_ptr<storage::Store> store_;
};

// A seat marked resigned keeps its person; the store has no column for it, so it is the bot kind.
inline constexpr const char* resigned_bot_kind = "resigned";

}  // namespace carc::server
