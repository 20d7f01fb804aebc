#pragma once
// room_journal over carc::storage::Store: what rooms journal becomes durable rows (docs/storage.md),
// written by the group-commit writer (journal_writer.hpp), never on the caller's thread. A refused
// write is logged with the store's message and reported to the room as `false`, so the room
// refuses the action and changes nothing.

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "carc/storage/store.hpp"
#include "carc/records/game_record.hpp"
#include "persistence/journal.hpp"
#include "persistence/journal_writer.hpp"

namespace carc::server {

class metrics;

// What the rooms table's config_json holds for a game: everything a restarted server needs that
// Store has no column for (settings, invite code, seed nonce, the person id of each seat).
nlohmann::json room_config_json(const game_start& start);
// The same for a waiting room, which also keeps its host.
nlohmann::json room_config_json(const waiting_room& room);

class storage_journal final : public room_journal {
public:
    explicit storage_journal(std::shared_ptr<storage::Store> store) : writer_(std::move(store)) {}

    void store_waiting(const waiting_room& room, stored_fn on_stored) override;
    void begin_game(const game_start& start, stored_fn on_stored) override;
    void append_action(const journal_action& action, stored_fn on_stored) override;
    void resign_seat(const std::string& room_id, int seat, const journal_seat& who, stored_fn on_stored) override;
    void end_game(const game_end& end, stored_fn on_stored) override;
    void adjourn(const std::string& room_id, bool adjourned, stored_fn on_stored) override;
    void set_turn(const std::string& room_id, int seat, std::int64_t seq, std::optional<std::int64_t> deadline_ms,
                  stored_fn on_stored) override;
    void set_away(const std::string& room_id, int seat, const journal_seat& who, bool away,
                  stored_fn on_stored) override;
    void append_chat(const chat_line& line) override;
    void flush() override { writer_.flush(); }

    // Counts commits and writes into the server's metrics.
    void count_into(metrics& counters);
    // Called (on the writer's thread, after the write's on_stored(false)) with the room of every
    // write whose commit had an unknown outcome (PostgreSQL's connection broke during COMMIT):
    // the write may be stored although it was reported refused. Set before the first write.
    void on_outcome_unknown(std::function<void(const std::string& room_id)> handler) {
        outcome_unknown_ = std::move(handler);
    }

private:
    void submit(storage::JournalWrite write, const char* what, std::string room_id, stored_fn on_stored);

    journal_writer writer_;
    std::function<void(const std::string&)> outcome_unknown_;
};

// A seat marked resigned keeps its person; the store has no column for it, so it is the bot kind.
inline constexpr const char* resigned_bot_kind = "resigned";
// A seat a bot plays because its time ran out (turn-based games); its person may take it back.
inline constexpr const char* away_bot_kind = "away";

}  // namespace carc::server
