#include "rooms/recovery.hpp"

#include <spdlog/spdlog.h>

#include "carc/protocol/settings.hpp"
#include "carc/records/game_replay.hpp"
#include "rooms/room.hpp"
#include "rooms/room_services.hpp"
#include "persistence/storage_journal.hpp"
#include "cluster/cluster_node.hpp"

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
    // A seat a bot took over when its time ran out is still its person's.
    if (!record.bot_kind.empty() && !resigned && record.bot_kind != away_bot_kind) {
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

// The room's settings, invite and seats, without its game.
void read_room(const st::StoredRoom& stored, rebuilt_room& out) {
    const json config = json::parse(stored.config_json);
    out.settings = config.at("settings").get<protocol::RoomSettings>();
    out.invite = config.at("invite").get<std::string>();
    out.game.seed_nonce = config.at("seed_nonce").get<std::string>();
    out.game.seed_commitment = stored.seed_commitment;
    out.game.started_at_ms = stored.created_at_ms;
    const json& persons = config.at("persons");
    const auto seats = static_cast<std::size_t>(out.settings.config.players);
    if (stored.seats.size() != seats)
        throw std::runtime_error(std::to_string(stored.seats.size()) + " seats stored for " + std::to_string(seats));
    out.game.seats.resize(seats);
    out.game.resigned.resize(seats, false);
    out.game.away.resize(seats, false);
    for (const st::SeatRecord& record : stored.seats) {
        bool resigned = false;
        out.game.seats.at(static_cast<std::size_t>(record.seat)) = seat_from_record(record, persons, resigned);
        out.game.resigned[static_cast<std::size_t>(record.seat)] = resigned;
        out.game.away[static_cast<std::size_t>(record.seat)] = record.bot_kind == away_bot_kind;
    }
    if (stored.turn) out.game.turn = move_turn{stored.turn->seat, stored.turn->seq, stored.turn->deadline_ms};
}

rebuilt_room rebuild(const st::StoredRoom& stored) {
    rebuilt_room out;
    try {
        if (stored.engine_version != engine_version)
            spdlog::warn("event=room_engine_version room={} stored=\"{}\" running=\"{}\"", stored.room_id,
                         stored.engine_version, engine_version);
        read_room(stored, out);
        const auto seats = out.game.seats.size();

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
        out.game.points = std::move(replayed.points);
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

// Seated people come back by token hash, so their hello finds their seats (and the room).
void register_people(room_services& state, const std::string& room_id, const restored_game& game) {
    for (std::size_t i = 0; i < game.seats.size(); ++i) {
        const journal_seat& seat = game.seats[i];
        if (seat.person.empty()) continue;
        state.persons.restore(seat.person, seat.name, seat.token_sha256);
        if (!game.resigned[i]) state.persons.add_room(seat.person, room_id);
    }
}

// An adjourned game's lobby entry, from what the store keeps.
protocol::RoomSummary adjourned_summary(const std::string& room_id, const rebuilt_room& room) {
    protocol::RoomInfo info;
    info.id = room_id;
    info.settings = room.settings;
    for (std::size_t i = 0; i < room.game.seats.size(); ++i) {
        const journal_seat& js = room.game.seats[i];
        protocol::SeatInfo seat;
        seat.name = js.name;
        seat.resigned = room.game.resigned[i];
        seat.kind = js.bot ? protocol::SeatInfo::Kind::bot : protocol::SeatInfo::Kind::human;
        if (js.bot) seat.bot = *js.bot;
        seat.person = js.person;
        if (info.host.empty() && !js.person.empty()) info.host = js.person;
        info.seats.push_back(std::move(seat));
    }
    protocol::RoomSummary summary = protocol::summarize(info);
    summary.status = protocol::RoomStatus::adjourned;
    return summary;
}

// The stored chat lines go first, so the room's first snapshot after its restore carries them.
void restore_chat(room& r, const st::StoredRoom& stored) {
    std::vector<chat_line> lines;
    for (const st::ChatLine& c : stored.chat)
        lines.push_back({stored.room_id, c.person_id, c.seat, c.name, c.text, c.time_ms, c.removed});
    r.restore_chat(std::move(lines));
}

void mark_abandoned(st::Store& store, const std::string& room_id, const std::string& error) {
    spdlog::error("event=room_not_restored room={} error=\"{}\"", room_id, error);
    if (auto marked = store.set_room_status(room_id, st::RoomStatus::abandoned); !marked)
        spdlog::error("event=room_not_marked room={} error=\"{}\"", room_id, marked.message());
}

}  // namespace

std::shared_ptr<room> resume_adjourned(room_services& state, const std::string& room_id) {
    if (!state.stores.games) return nullptr;
    if (state.cluster && !state.cluster->lease_for_resume(room_id)) return nullptr;
    auto loaded = state.stores.games->load_room(room_id);
    // A room unloaded to follow the store (room::reload_from_journal) is running or waiting there.
    if (loaded && *loaded && (*loaded)->status != st::RoomStatus::adjourned) {
        if (restore_stored(state, **loaded)) return state.rooms.find(room_id);
        state.rooms.forget_adjourned(room_id);
        return nullptr;
    }
    if (!loaded || !*loaded || (*loaded)->status != st::RoomStatus::adjourned) {
        spdlog::error("event=resume_failed room={} error=\"{}\"", room_id,
                      loaded ? "not an adjourned game in the store" : loaded.message());
        if (loaded) state.rooms.forget_adjourned(room_id);
        return nullptr;
    }
    rebuilt_room rebuilt = rebuild(**loaded);
    if (!rebuilt.error.empty()) {
        mark_abandoned(*state.stores.games, room_id, rebuilt.error);
        state.rooms.forget_adjourned(room_id);
        return nullptr;
    }
    auto r = std::make_shared<room>(state, room_id, rebuilt.invite, rebuilt.settings);
    state.rooms.add(r, room_id, rebuilt.invite);
    // Running again in the store before any of its new actions (the journal keeps their order).
    state.journal->adjourn(room_id, false, [room_id](bool stored) {
        if (!stored) spdlog::error("event=resume_not_stored room={}", room_id);
    });
    spdlog::info("event=room_resumed room={} actions={}", room_id, rebuilt.game.actions.size());
    restore_chat(*r, **loaded);
    r->restore(std::move(rebuilt.game));
    return r;
}

namespace {

// An unfinished game's public record so far, replayed from the store, when it has `status`.
std::optional<json> journal_record(st::Store& store, const std::string& room_id, st::RoomStatus status) {
    auto loaded = store.load_room(room_id);
    if (!loaded || !*loaded || (*loaded)->status != status) return std::nullopt;
    const rebuilt_room rebuilt = rebuild(**loaded);
    if (!rebuilt.error.empty() || rebuilt.settings.is_private) return std::nullopt;
    const restored_game& game = rebuilt.game;
    record_inputs in;
    in.id = room_id;
    in.settings = rebuilt.settings;
    for (std::size_t seat = 0; seat < game.seats.size(); ++seat) {
        const journal_seat& js = game.seats[seat];
        in.players.push_back({js.name, js.bot ? "bot" : "human", js.bot});
        in.scores.push_back(game.match->state().score(static_cast<int>(seat)));
        if (game.resigned[seat]) in.resigned.push_back(static_cast<int>(seat));
    }
    in.seed_commitment = game.seed_commitment;
    in.started_at_ms = game.started_at_ms;
    // No result: build_record leaves out the seed, its nonce and the state hashes.
    return build_record(in, game.actions, game.match->game());
}

}  // namespace

std::optional<json> adjourned_record(st::Store& store, const std::string& room_id) {
    auto record = journal_record(store, room_id, st::RoomStatus::adjourned);
    if (record) (*record)["status"] = "adjourned";
    return record;
}

std::optional<json> running_record(st::Store& store, const std::string& room_id) {
    return journal_record(store, room_id, st::RoomStatus::running);
}

bool restore_waiting(room_services& state, const st::StoredRoom& stored) {
    protocol::RoomSettings settings;
    std::string invite;
    std::string host;
    std::vector<std::optional<journal_seat>> seats;
    try {
        const json config = json::parse(stored.config_json);
        settings = config.at("settings").get<protocol::RoomSettings>();
        invite = config.at("invite").get<std::string>();
        host = config.at("host").get<std::string>();
        const json& persons = config.at("persons");
        seats.resize(static_cast<std::size_t>(settings.config.players));
        for (const st::SeatRecord& record : stored.seats) {
            if (record.seat < 0 || static_cast<std::size_t>(record.seat) >= seats.size())
                throw std::runtime_error("seat " + std::to_string(record.seat) + " beyond the room's seats");
            bool resigned = false;
            seats[static_cast<std::size_t>(record.seat)] = seat_from_record(record, persons, resigned);
            if (resigned) throw std::runtime_error("a resigned seat before the game");
        }
    } catch (const std::exception& e) {
        mark_abandoned(*state.stores.games, stored.room_id, std::string("waiting room: ") + e.what());
        return false;
    }
    // As for a game: the people are known by token hash before the room runs its restore.
    for (const auto& seat : seats) {
        if (!seat || seat->person.empty()) continue;
        state.persons.restore(seat->person, seat->name, seat->token_sha256);
        state.persons.add_room(seat->person, stored.room_id);
    }
    auto r = std::make_shared<room>(state, stored.room_id, invite, settings);
    state.rooms.add(r, stored.room_id, invite);
    restore_chat(*r, stored);
    r->restore_waiting(std::move(seats), std::move(host), stored.created_at_ms);
    return true;
}

bool restore_stored(room_services& state, const st::StoredRoom& stored) {
    return stored.status == st::RoomStatus::lobby ? restore_waiting(state, stored) : restore_running(state, stored);
}

bool restore_running(room_services& state, const st::StoredRoom& stored) {
    rebuilt_room rebuilt;
    if (stored.status == st::RoomStatus::running) {
        rebuilt = rebuild(stored);
    } else {
        rebuilt.error = "not a running game";
    }
    if (!rebuilt.error.empty()) {
        mark_abandoned(*state.stores.games, stored.room_id, rebuilt.error);
        return false;
    }
    // Registered now, not on the room's strand, so a hello arriving before the room has run
    // its restore already lists the room (the room's attach then queues behind the restore).
    register_people(state, stored.room_id, rebuilt.game);
    auto r = std::make_shared<room>(state, stored.room_id, rebuilt.invite, rebuilt.settings);
    state.rooms.add(r, stored.room_id, rebuilt.invite);
    restore_chat(*r, stored);
    r->restore(std::move(rebuilt.game));
    return true;
}

recovery_report recover_rooms(room_services& state, st::Store& store) {
    recovery_report report;
    auto ids = store.known_ids();
    if (!ids) throw std::runtime_error("cannot read the stored room ids: " + ids.message());
    state.rooms.reserve_ids(*ids);
    // From now on ids come from the store's counter: neither this node after a restart nor
    // another node hands one out again (docs/scaling.md, "Room ids"); above every stored id.
    const std::uint64_t floor = state.rooms.next_number();
    state.rooms.take_ids_from([&store, floor] {
        auto number = store.take_room_number(floor);
        if (!number) throw std::runtime_error("cannot take a room id from the store: " + number.message());
        return *number;
    });
    // With several nodes each room is brought back by the node that leases it (cluster_node).
    if (state.cluster) return report;
    auto rooms = store.load_unfinished();
    if (!rooms) throw std::runtime_error("cannot load the stored rooms: " + rooms.message());
    for (const st::StoredRoom& stored : *rooms) {
        rebuilt_room rebuilt;
        if (stored.status == st::RoomStatus::adjourned) {
            // Left in the store until one of its players comes back (resume_adjourned).
            try {
                read_room(stored, rebuilt);
            } catch (const std::exception& e) {
                rebuilt.error = e.what();
            }
            if (rebuilt.error.empty()) {
                register_people(state, stored.room_id, rebuilt.game);
                state.rooms.adjourn(stored.room_id, rebuilt.invite, adjourned_summary(stored.room_id, rebuilt),
                                    !rebuilt.settings.is_private);
                ++report.adjourned;
                continue;
            }
        }
        if (stored.status == st::RoomStatus::lobby) {
            if (restore_waiting(state, stored)) ++report.waiting;
            else ++report.abandoned;
        } else if (restore_running(state, stored)) {
            ++report.restored;
        } else {
            ++report.abandoned;
        }
    }
    spdlog::info("event=recovery restored={} waiting={} adjourned={} abandoned={}", report.restored, report.waiting,
                 report.adjourned, report.abandoned);
    return report;
}

}  // namespace carc::server
