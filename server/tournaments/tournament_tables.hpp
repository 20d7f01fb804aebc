#pragma once
// A tournament table's game as a normal room (docs/tournaments.md): started as a host's start is
// (rooms/game_start.hpp), with every seat already its player's (person id, name, token hash from
// the account), journaled, then opened here as a running game whose players are offline members
// until they open it. A no-show is left to the game's clock or its move deadlines. The table's
// room id was fixed when the round was stored, so a second attempt is refused by the store (the
// id is taken) and opens nothing.

#include <functional>
#include <string>

#include "carc/protocol/settings.hpp"
#include "carc/storage/tournament_store.hpp"
#include "tournaments/tournament_parts.hpp"

namespace carc::server {
namespace tournaments {

// The settings of table `table` of round `round`: the tournament's game settings with one seat
// per player and a name saying where it belongs.
protocol::RoomSettings table_settings(const protocol::RoomSettings& game, const std::string& tournament_name,
                                      const storage::TournamentTable& table);

// Starts the table's game, journals it and, once stored, opens its room here with the game in
// hand; `done(true)` then (on the journal's thread), `done(false)` when it was not stored (its id
// taken: made already).
// Throws std::runtime_error when a player's account cannot be read or the settings are refused.
void open_table(const tournament_parts& parts, const protocol::RoomSettings& settings,
                const storage::TournamentTable& table, std::function<void(bool)> done);

// Tells the table's players, on every node, that their game of `round` is open.
void announce_table(const table_teller& tell, const std::string& tournament_id, int round,
                    const storage::TournamentTable& table);

}  // namespace tournaments
}  // namespace carc::server
