#include "tournaments/tournament_tables.hpp"

#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "carc/protocol/messages.hpp"
#include "people/person_registry.hpp"
#include "people/security.hpp"

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

void open_table(const tournament_parts& parts, const protocol::RoomSettings& settings,
                const st::TournamentTable& table, std::function<void(bool)> done) {
    if (!table.room_id) throw std::invalid_argument("a bye has no game");
    auto* accounts = parts.accounts.get();
    if (!accounts) throw std::runtime_error("tournaments need a store with accounts");
    std::vector<journal_seat> seats;
    for (const std::string& person : table.players) {
        auto account = accounts->account_of(person);
        if (!account || !*account) throw std::runtime_error("the account of " + person + " cannot be read");
        seats.push_back(journal_seat{person, (*account)->name, (*account)->person_token_hash.hex(), std::nullopt});
    }
    std::string error;
    auto started = start_game(*table.room_id, random_invite_code(), settings, std::move(seats),
                              parts.rules.fixed_seed, error);
    if (!started) throw std::runtime_error("the game's settings are refused: " + error);
    // Once stored, the room opens with the game in hand (the journal's thread; nothing blocks).
    auto game = std::make_shared<started_game>(std::move(*started));
    parts.journal->begin_game(game->start, [open_room = parts.open_room, game, done = std::move(done)](bool stored) {
        if (stored) open_room(std::move(*game));
        done(stored);
    });
}

void announce_table(const table_teller& tell, const std::string& tournament_id, int round,
                    const st::TournamentTable& table) {
    const protocol::TournamentRound told{tournament_id, round, table.room_id};
    for (const std::string& person : table.players) tell(person, told);
}

}  // namespace carc::server::tournaments
