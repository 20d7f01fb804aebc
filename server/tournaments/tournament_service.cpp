#include "tournaments/tournament_service.hpp"

#include <cstdlib>

#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "rooms/lobby.hpp"
#include "tournaments/tournament_rounds.hpp"
#include "tournaments/tournament_tables.hpp"
#include "util/wall_clock.hpp"

namespace carc::server::tournaments {

namespace st = carc::storage;
using nlohmann::json;

namespace {

// The games' room settings kept with the tournament.
protocol::RoomSettings game_settings(const st::TournamentRecord& record) {
    return json::parse(record.settings_json).at("game").get<protocol::RoomSettings>();
}

}  // namespace

tournament_service::tournament_service(tournament_parts parts) : parts_(std::move(parts)), store_(*parts_.store) {}

tournament_service::~tournament_service() { stop(); }

void tournament_service::start() {
    thread_ = std::thread([this] { run(); });
}

void tournament_service::stop() {
    {
        std::lock_guard lock(wake_mutex_);
        stopping_ = true;
    }
    wake_cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void tournament_service::wake() {
    {
        std::lock_guard lock(wake_mutex_);
        woken_ = true;
    }
    wake_cv_.notify_all();
}

void tournament_service::game_recorded(const std::string&) { wake(); }

void tournament_service::run() {
    for (;;) {
        {
            std::unique_lock lock(wake_mutex_);
            wake_cv_.wait_for(lock, parts_.rules.sweep_every, [this] { return woken_ || stopping_; });
            if (stopping_) return;
            woken_ = false;
        }
        sweep();
    }
}

void tournament_service::sweep() {
    auto live = store_.live_tournaments();
    if (!live) {
        spdlog::error("event=tournament_sweep_failed error=\"{}\"", live.message());
        return;
    }
    for (const std::string& id : *live) move_on(id, false);
}

bool tournament_service::start_now(const std::string& id) {
    auto loaded = store_.tournament(id);
    if (!loaded || !*loaded || (*loaded)->record.status != st::TournamentStatus::open) return false;
    move_on(id, true);
    loaded = store_.tournament(id);
    return loaded && *loaded && (*loaded)->record.status != st::TournamentStatus::open;
}

void tournament_service::move_on(const std::string& id, bool creator_start) {
    std::lock_guard work(work_mutex_);
    try {
        auto loaded = store_.tournament(id);
        if (!loaded || !*loaded) return;
        st::StoredTournament stored = std::move(**loaded);
        const st::TournamentRecord& record = stored.record;
        if (record.status == st::TournamentStatus::finished) return;
        if (record.status == st::TournamentStatus::open && !creator_start &&
            (!record.starts_at_ms || *record.starts_at_ms > unix_ms()))
            return;
        collect_results(stored);
        loaded = store_.tournament(id);
        if (!loaded || !*loaded) return;
        stored = std::move(**loaded);
        if (!round_over(stored)) {
            // Games of the round not made yet: the starting node stopped between storing the
            // round and opening them, or is opening them now (then it holds their leases and
            // open_missing_games leaves them to it).
            open_missing_games(stored, false);
            return;
        }
        std::vector<st::TournamentTable> tables = next_round(stored);
        const int round = stored.record.round;
        if (tables.empty()) {
            // An open tournament with too few players waits for more; a running one is over.
            if (stored.record.status != st::TournamentStatus::running) return;
            if (auto finished = store_.finish_tournament(id, round); finished && *finished)
                spdlog::info("event=tournament_finished tournament={} rounds={}", id, round);
            return;
        }
        for (st::TournamentTable& t : tables) {
            t.round = round + 1;
            if (t.places) continue;  // a bye
            t.room_id = parts_.new_room_id();
        }
        auto started = store_.start_round(id, round, tables);
        if (!started) {
            spdlog::error("event=tournament_round_not_stored tournament={} error=\"{}\"", id, started.message());
            return;
        }
        if (!*started) return;  // another node started it
        if (parts_.rules.test_exit_after_round_stored) {
            // Tests only: a node that dies here leaves a stored round whose games nobody opened.
            spdlog::warn("event=test_exit_after_round_stored tournament={} round={}", id, round + 1);
            spdlog::default_logger()->flush();
            std::_Exit(86);
        }
        spdlog::info("event=tournament_round tournament={} round={} tables={}", id, round + 1, tables.size());
        stored.record.round = round + 1;
        stored.tables.insert(stored.tables.end(), tables.begin(), tables.end());
        open_missing_games(stored, true);
    } catch (const std::exception& e) {
        spdlog::error("event=tournament_failed tournament={} error=\"{}\"", id, e.what());
    }
}

void tournament_service::collect_results(const st::StoredTournament& stored) {
    for (const st::TournamentTable& t : stored.tables) {
        if (t.places || !t.room_id) continue;
        auto record = parts_.games->get_game(*t.room_id);
        if (!record || !*record) continue;  // still running (or not made yet)
        const auto places = places_of_record(json::parse(**record));
        if (!places || places->size() != t.players.size()) continue;
        if (auto written = store_.record_table_result(*t.room_id, *places); !written)
            spdlog::error("event=tournament_result_not_stored room={} error=\"{}\"", *t.room_id, written.message());
    }
}

void tournament_service::open_missing_games(const st::StoredTournament& stored, bool announce_byes) {
    const protocol::RoomSettings game = game_settings(stored.record);
    const std::string& id = stored.record.id;
    for (const st::TournamentTable& t : stored.tables) {
        if (t.round != stored.record.round) continue;
        if (!t.room_id) {
            if (announce_byes) announce_table(parts_.tell, id, t.round, t);
            continue;
        }
        if (t.places) continue;
        const std::string& room_id = *t.room_id;
        {
            std::lock_guard lock(opening_mutex_);
            if (opening_.contains(room_id)) continue;
        }
        if (parts_.rooms.find(room_id) || parts_.rooms.is_adjourned(room_id)) continue;
        // Made already, here before a restart or at another node: the store has it.
        if (auto made = parts_.games->load_room(room_id); !made || *made) continue;
        if (auto over = parts_.games->get_game(room_id); !over || *over) continue;
        // Several nodes: made by whoever holds its lease; one that another live node holds (it
        // is opening the game) is left to it, one whose holder stopped renewing is taken here.
        if (!parts_.may_open(room_id)) continue;
        {
            std::lock_guard lock(opening_mutex_);
            opening_.insert(room_id);
        }
        // The players are told once their room is there to open (made once, so told once).
        open_table(parts_, table_settings(game, stored.record.name, t), t, [this, room_id, id, t](bool opened) {
            if (opened) {
                spdlog::info("event=tournament_game_opened tournament={} round={} room={}", id, t.round, room_id);
                announce_table(parts_.tell, id, t.round, t);
            }
            std::lock_guard lock(opening_mutex_);
            opening_.erase(room_id);
        });
    }
}

}  // namespace carc::server::tournaments
