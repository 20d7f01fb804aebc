#include "tournaments/tournament_tables.hpp"

#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "carc/protocol/messages.hpp"
#include "friends/people_news.hpp"
#include "carc/match.hpp"
#include "carc/records/seed_commitment.hpp"
#include "people/security.hpp"
#include "persistence/recovery.hpp"
#include "util/wall_clock.hpp"

namespace carc::server::tournaments {

namespace st = carc::storage;

protocol::RoomSettings table_settings(const protocol::RoomSettings& game, const std::string& tournament_name,
                                      const st::TournamentTable& table) {
    protocol::RoomSettings settings = game;
    settings.config.players = static_cast<int>(table.players.size());
    settings.bots.clear();
    settings.name = tournament_name + ": round " + std::to_string(table.round) + ", table " +
                    std::to_string(table.table + 1);
    return settings;
}

void open_table(shared_state& state, const protocol::RoomSettings& settings, const st::TournamentTable& table,
                std::function<void(bool)> done) {
    if (!table.room_id) throw std::invalid_argument("a bye has no game");
    auto* accounts = state.stores.accounts.get();
    if (!accounts) throw std::runtime_error("tournaments need a store with accounts");
    game_start start;
    start.room_id = *table.room_id;
    start.invite = random_invite_code();
    start.settings = settings;
    start.setup.config = settings.config;
    start.setup.seed = state.config.fixed_seed ? *state.config.fixed_seed : random_u64();
    std::string error;
    auto match = Match::create(start.setup, &error);
    if (!match) throw std::runtime_error("the game's settings are refused: " + error);
    start.seed_nonce = random_hex(16);
    start.seed_commitment = seed_commitment(start.setup.seed, start.seed_nonce);
    for (const std::string& person : table.players) {
        auto account = accounts->account_of(person);
        if (!account || !*account) throw std::runtime_error("the account of " + person + " cannot be read");
        start.seats.push_back(journal_seat{person, (*account)->name, (*account)->person_token_hash.hex(), std::nullopt});
    }
    start.initial_hash = match->state().hash();
    start.time_ms = unix_ms();
    // Once stored, the room is loaded as start-up loads a running game, off the journal's thread.
    state.journal->begin_game(start, [&state, room_id = start.room_id, done = std::move(done)](bool stored) {
        if (!stored) {
            done(false);
            return;
        }
        state.blocking.post([&state, room_id, done] {
            auto loaded = state.stores.games->load_room(room_id);
            const bool opened = loaded && *loaded && restore_running(state, **loaded);
            if (!opened) spdlog::error("event=tournament_game_not_opened room={}", room_id);
            done(opened);
        });
    });
}

void announce_table(shared_state& state, const std::string& tournament_id, int round, const st::TournamentTable& table) {
    const protocol::TournamentRound told{tournament_id, round, table.room_id};
    for (const std::string& person : table.players) friends::page(state, person, told);
}

}  // namespace carc::server::tournaments
