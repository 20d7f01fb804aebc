#include "persistence/recovery.hpp"

#include <spdlog/spdlog.h>

#include "carc/protocol/settings.hpp"
#include "carc/records/game_replay.hpp"
#include "rooms/room.hpp"
#include "app/shared_state.hpp"
#include "persistence/storage_journal.hpp"

namespace carc::server {

using nlohmann::json;
namespace st = carc::storage;

namespace {

// Everything about one stored room but the room object; `error` set when it cannot come back.
struct rebuilt_room {
    protocol::RoomSettings settings;
    std::string invite;
    restored_game game;
    std::string error;
};

journal_seat seat_from_record(const st::SeatRecord& record, const json& persons, bool& resigned) {
    journal_seat seat;
    seat.name = record.player_name;
    resigned = record.bot_kind == resigned_bot_kind;
    BotKind kind = BotKind::random;
    if (!record.bot_kind.empty() && !resigned) {
        if (!protocol::bot_kind_from_string(record.bot_kind, kind))
            throw std::runtime_error("seat " + std::to_string(record.seat) + ": unknown bot " + record.bot_kind);
        seat.bot = kind;
        return seat;
    }
    const auto index = static_cast<std::size_t>(record.seat);
    if (index >= persons.size() || !persons[index].is_string())
        throw std::runtime_error("seat " + std::to_string(record.seat) + ": no person id");
    seat.person = persons[index].get<std::string>();
    if (record.token_hash) seat.token_sha256 = record.token_hash->hex();
    return seat;
}

rebuilt_room rebuild(const st::StoredRoom& stored) {
    rebuilt_room out;
    try {
        if (stored.engine_version != engine_version)
            spdlog::warn("event=room_engine_version room={} stored=\"{}\" running=\"{}\"", stored.room_id,
                         stored.engine_version, engine_version);
        const json config = json::parse(stored.config_json);
        out.settings = config.at("settings").get<protocol::RoomSettings>();
        out.invite = config.at("invite").get<std::string>();
        out.game.seed_nonce = config.at("seed_nonce").get<std::string>();
        out.game.seed_commitment = stored.seed_commitment;
        out.game.started_at_ms = stored.created_at_ms;
        const json& persons = config.at("persons");

        const auto seats = static_cast<std::size_t>(out.settings.config.players);
        if (stored.seats.size() != seats)
            throw std::runtime_error(std::to_string(stored.seats.size()) + " seats stored for " +
                                     std::to_string(seats));
        out.game.seats.resize(seats);
        out.game.resigned.resize(seats, false);
        for (const st::SeatRecord& record : stored.seats) {
            bool resigned = false;
            out.game.seats.at(static_cast<std::size_t>(record.seat)) = seat_from_record(record, persons, resigned);
            out.game.resigned[static_cast<std::size_t>(record.seat)] = resigned;
        }

        MatchSetup setup;
        setup.config = out.settings.config;
        setup.seed = stored.seed;
        std::optional<std::uint64_t> initial_hash;
        std::vector<replay_step> steps;
        for (const st::Checkpoint& c : stored.checkpoints)
            if (c.seq == 0) initial_hash = c.state_hash;
        for (const st::ActionRecord& a : stored.actions) {
            replay_step step{a.actor_seat, json::parse(a.action_json), a.state_hash};
            for (const st::Checkpoint& c : stored.checkpoints)
                if (c.seq == a.seq) step.expected_hash = c.state_hash;
            steps.push_back(std::move(step));
        }
        replay_outcome replayed = replay_game(setup, steps, initial_hash);
        if (!replayed.match) throw std::runtime_error(replayed.error);
        out.game.initial_hash = initial_hash.value_or(0);
        if (!initial_hash) {
            std::string ignored;
            out.game.initial_hash = Match::create(setup, &ignored)->state().hash();
        }
        out.game.match = std::move(replayed.match);
        out.game.actions = std::move(replayed.actions);
        if (stored.clock) {
            std::vector<std::int64_t> remaining(seats, 0);
            for (const auto& s : stored.clock->seats)
                if (static_cast<std::size_t>(s.seat) < seats) remaining[static_cast<std::size_t>(s.seat)] = s.remaining_ms;
            out.game.clock_remaining_ms = std::move(remaining);
        }
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace

recovery_report recover_rooms(shared_state& state, st::Store& store) {
    recovery_report report;
    if (auto ids = store.known_ids(); ids.ok()) {
        state.rooms.reserve_ids(*ids);
    } else {
        throw std::runtime_error("cannot read the stored room ids: " + ids.message());
    }
    auto rooms = store.load_unfinished();
    if (!rooms) throw std::runtime_error("cannot load the stored rooms: " + rooms.message());
    for (const st::StoredRoom& stored : *rooms) {
        rebuilt_room rebuilt;
        if (stored.status == st::RoomStatus::running) rebuilt = rebuild(stored);
        else rebuilt.error = "a lobby without a game";
        if (!rebuilt.error.empty()) {
            ++report.abandoned;
            spdlog::error("event=room_not_restored room={} error=\"{}\"", stored.room_id, rebuilt.error);
            if (auto marked = store.set_room_status(stored.room_id, st::RoomStatus::abandoned); !marked)
                spdlog::error("event=room_not_marked room={} error=\"{}\"", stored.room_id, marked.message());
            continue;
        }
        // Registered now, not on the room's strand, so a hello arriving before the room has run
        // its restore already lists the room (the room's attach then queues behind the restore).
        for (std::size_t i = 0; i < rebuilt.game.seats.size(); ++i) {
            const journal_seat& seat = rebuilt.game.seats[i];
            if (seat.person.empty()) continue;
            state.persons.restore(seat.person, seat.name, seat.token_sha256);
            if (!rebuilt.game.resigned[i]) state.persons.add_room(seat.person, stored.room_id);
        }
        auto r = std::make_shared<room>(state, stored.room_id, rebuilt.invite, rebuilt.settings);
        state.rooms.add(r, stored.room_id, rebuilt.invite);
        r->restore(std::move(rebuilt.game));
        ++report.restored;
    }
    spdlog::info("event=recovery restored={} abandoned={}", report.restored, report.abandoned);
    return report;
}

}  // namespace carc::server
