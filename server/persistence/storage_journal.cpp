#include "persistence/storage_journal.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "carc/protocol/engine_json.hpp"

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

bool storage_journal::begin_game(const game_start& start) {
    st::NewRoom room;
    room.room_id = start.room_id;
    room.config_json = room_config_json(start).dump();
    room.seed = start.setup.seed;
    room.seed_commitment = start.seed_commitment;
    room.engine_version = engine_version;
    room.created_at_ms = start.time_ms;
    room.status = st::RoomStatus::running;
    if (!logged(store_->create_room(room), "create_room", start.room_id)) return false;
    bool ok = true;
    for (std::size_t i = 0; i < start.seats.size() && ok; ++i)
        ok = logged(store_->put_seat(start.room_id, seat_record(static_cast<int>(i), start.seats[i])),
                    "put_seat", start.room_id);
    if (ok)
        ok = logged(store_->save_checkpoint(start.room_id, {0, start.initial_hash}), "save_checkpoint",
                    start.room_id);
    // A half-written start would come back as a broken room: take it out again.
    if (!ok) logged(store_->delete_room(start.room_id), "delete_room", start.room_id);
    return ok;
}

bool storage_journal::append_action(const journal_action& action) {
    st::ActionRecord record;
    record.room_id = action.room_id;
    record.seq = action.seq;
    record.actor_seat = action.seat;
    record.action_json = protocol::action_to_json(action.action).dump();
    record.events_json = action.events.dump();
    record.state_hash = action.state_hash;
    record.time_ms = action.time_ms;
    std::optional<st::ClockState> clock;
    if (action.clock_remaining_ms) {
        clock.emplace();
        clock->active_seat = action.seat;
        clock->turn_started_at_ms = action.time_ms;
        for (std::size_t i = 0; i < action.clock_remaining_ms->size(); ++i)
            clock->seats.push_back({static_cast<int>(i), (*action.clock_remaining_ms)[i]});
    }
    return logged(store_->append_action(record, clock), "append_action", action.room_id);
}

bool storage_journal::resign_seat(const std::string& room_id, int seat, const journal_seat& who) {
    st::SeatRecord record = seat_record(seat, who);
    record.bot_kind = resigned_bot_kind;
    return logged(store_->put_seat(room_id, record), "resign_seat", room_id);
}

void storage_journal::end_game(const game_end& end) {
    st::FinishedGame game;
    game.game_id = end.room_id;
    game.finished_at_ms = end.time_ms;
    game.rule_system = end.record["settings"].value("rules", "carcassonne");
    game.engine_version = engine_version;
    game.record_json = end.record.dump();
    for (std::size_t seat = 0; seat < end.result.scores.size(); ++seat) {
        st::PlayerResult player;
        player.seat = static_cast<int>(seat);
        player.name = seat < end.names.size() ? end.names[seat] : "";
        player.score = end.result.scores[seat];
        player.winner = std::find(end.result.winners.begin(), end.result.winners.end(),
                                  static_cast<int>(seat)) != end.result.winners.end();
        game.players.push_back(std::move(player));
    }
    // Nothing to refuse any more: the game is over in memory. A failure leaves the room
    // `running` in the store, so the next start replays it and finishes it again.
    logged(store_->finish_game(game), "finish_game", end.room_id);
}

}  // namespace carc::server
