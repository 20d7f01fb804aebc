#include "persistence/storage_journal.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "carc/protocol/engine_json.hpp"
#include "base/metrics.hpp"

namespace carc::server {

using nlohmann::json;
namespace st = carc::storage;

namespace {

bool logged(const st::Status& status, const char* what, const std::string& room_id) {
    if (!status.ok())
        spdlog::error("event=store_failed op={} room={} code={} error=\"{}\"", what, room_id,
                      st::to_string(status.code()), status.message());
    return status.ok();
}

st::SeatRecord seat_record(int seat, const journal_seat& who) {
    st::SeatRecord record;
    record.seat = seat;
    record.player_name = who.name;
    record.token_hash = st::TokenHash::from_hex(who.token_sha256);
    if (who.bot) record.bot_kind = std::string(protocol::to_string(*who.bot));
    return record;
}

}  // namespace

json room_config_json(const game_start& start) {
    json persons = json::array();
    for (const journal_seat& seat : start.seats) persons.push_back(seat.person);
    return {{"settings", start.settings},
            {"invite", start.invite},
            {"seed_nonce", start.seed_nonce},
            {"persons", std::move(persons)}};
}

json room_config_json(const waiting_room& room) {
    json persons = json::array();
    for (const auto& seat : room.seats) persons.push_back(seat ? seat->person : "");
    return {{"settings", room.settings}, {"invite", room.invite}, {"host", room.host}, {"persons", std::move(persons)}};
}

void storage_journal::submit(st::JournalWrite write, const char* what, std::string room_id,
                             stored_fn on_stored) {
    writer_.submit(std::move(write), [this, what, room_id = std::move(room_id),
                                      on_stored = std::move(on_stored)](const st::Status& status) {
        const bool ok = logged(status, what, room_id);
        if (on_stored) on_stored(ok);
        if (status.code() == st::ErrorCode::outcome_unknown && outcome_unknown_) outcome_unknown_(room_id);
    });
}

void storage_journal::count_into(metrics& counters) {
    writer_.on_commit([&counters](std::size_t writes, bool was_inline) {
        counters.journal_commits_total.fetch_add(1, std::memory_order_relaxed);
        counters.journal_writes_total.fetch_add(writes, std::memory_order_relaxed);
        if (was_inline) counters.journal_inline_commits_total.fetch_add(1, std::memory_order_relaxed);
    });
}

void storage_journal::store_waiting(const waiting_room& room, stored_fn on_stored) {
    st::WaitingRoomWrite write;
    write.room.room_id = room.room_id;
    write.room.config_json = room_config_json(room).dump();
    write.room.engine_version = engine_version;
    write.room.created_at_ms = room.created_at_ms;
    write.room.status = st::RoomStatus::lobby;
    write.closed = room.closed;
    for (std::size_t i = 0; i < room.seats.size(); ++i)
        if (room.seats[i]) write.seats.push_back(seat_record(static_cast<int>(i), *room.seats[i]));
    submit(std::move(write), room.closed ? "close_waiting" : "store_waiting", room.room_id, std::move(on_stored));
}

void storage_journal::begin_game(const game_start& start, stored_fn on_stored) {
    st::BeginGameWrite write;
    write.room.room_id = start.room_id;
    write.room.config_json = room_config_json(start).dump();
    write.room.seed = start.setup.seed;
    write.room.seed_commitment = start.seed_commitment;
    write.room.engine_version = engine_version;
    write.room.created_at_ms = start.time_ms;
    write.room.status = st::RoomStatus::running;
    for (std::size_t i = 0; i < start.seats.size(); ++i)
        write.seats.push_back(seat_record(static_cast<int>(i), start.seats[i]));
    write.initial = {0, start.initial_hash};
    // One savepoint holds the room, its seats and checkpoint 0: a start is stored whole or not.
    submit(std::move(write), "begin_game", start.room_id, std::move(on_stored));
}

void storage_journal::append_action(const journal_action& action, stored_fn on_stored) {
    st::ActionWrite write;
    const auto record_of = [&action](const journal_step& step) {
        st::ActionRecord record;
        record.room_id = action.room_id;
        record.seq = step.seq;
        record.actor_seat = action.seat;
        record.action_json = protocol::action_to_json(step.action).dump();
        record.events_json = step.events_json;
        record.state_hash = step.state_hash;
        record.time_ms = action.time_ms;
        return record;
    };
    // The steps of one message are one write: stored together or not at all.
    write.action = record_of(action.steps.front());
    for (std::size_t i = 1; i < action.steps.size(); ++i) write.then.push_back(record_of(action.steps[i]));
    if (action.clock_remaining_ms) {
        st::ClockState& clock = write.clock_after.emplace();
        clock.active_seat = action.seat;
        clock.turn_started_at_ms = action.time_ms;
        for (std::size_t i = 0; i < action.clock_remaining_ms->size(); ++i)
            clock.seats.push_back({static_cast<int>(i), (*action.clock_remaining_ms)[i]});
    }
    submit(std::move(write), "append_action", action.room_id, std::move(on_stored));
}

void storage_journal::resign_seat(const std::string& room_id, int seat, const journal_seat& who,
                                  stored_fn on_stored) {
    st::SeatWrite write{room_id, seat_record(seat, who)};
    write.seat.bot_kind = resigned_bot_kind;
    submit(std::move(write), "resign_seat", room_id, std::move(on_stored));
}

void storage_journal::end_game(const game_end& end, stored_fn on_stored) {
    st::FinishWrite write;
    st::FinishedGame& game = write.game;
    game.game_id = end.room_id;
    game.finished_at_ms = end.time_ms;
    game.rule_system = end.rule_system;
    game.engine_version = engine_version;
    game.record_json = *end.record_json;
    game.rated = end.rated;
    game.stats_key = end.stats_key;
    game.stats = end.stats;
    for (std::size_t seat = 0; seat < end.result.scores.size(); ++seat) {
        st::PlayerResult player;
        player.seat = static_cast<int>(seat);
        player.name = seat < end.names.size() ? end.names[seat] : "";
        player.score = end.result.scores[seat];
        player.winner = std::find(end.result.winners.begin(), end.result.winners.end(),
                                  static_cast<int>(seat)) != end.result.winners.end();
        game.players.push_back(std::move(player));
    }
    submit(std::move(write), "finish_game", end.room_id, std::move(on_stored));
}

void storage_journal::adjourn(const std::string& room_id, bool adjourned, stored_fn on_stored) {
    submit(st::StatusWrite{room_id, adjourned ? st::RoomStatus::adjourned : st::RoomStatus::running},
           adjourned ? "adjourn" : "resume", room_id, std::move(on_stored));
}

void storage_journal::set_turn(const std::string& room_id, int seat, std::int64_t seq,
                               std::optional<std::int64_t> deadline_ms, stored_fn on_stored) {
    submit(st::TurnWrite{room_id, st::TurnDeadline{seat, seq, deadline_ms}}, "set_turn", room_id,
           std::move(on_stored));
}

void storage_journal::set_away(const std::string& room_id, int seat, const journal_seat& who, bool away,
                               stored_fn on_stored) {
    st::SeatWrite write{room_id, seat_record(seat, who)};
    if (away) write.seat.bot_kind = away_bot_kind;
    submit(std::move(write), "set_away", room_id, std::move(on_stored));
}

void storage_journal::append_chat(const chat_line& line) {
    st::ChatWrite write{line.room_id, {line.person, line.seat, line.name, line.text, line.time_ms}};
    submit(std::move(write), "append_chat", line.room_id, nullptr);
}

}  // namespace carc::server
