#pragma once
// What a stored tournament means for the competition library (docs/tournaments.md): its roster
// and results as a competition::Tournament (players by entry number), whether its round is
// over, the next round's tables (Swiss pairs and a bye, or the next round of a round robin),
// the standings and a finished game's places. Pure: no store, no clock.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/competition/tournament.hpp"
#include "carc/storage/tournament_store.hpp"

namespace carc::server::tournaments {

// The tournament's own settings, kept in settings_json beside the games' room settings.
struct format_settings {
    bool swiss = true;
    int rounds = 0;      // Swiss: how many rounds; round robin: 0 (until every pair met)
    int table_size = 2;  // round robin: 2-5 players a table
};
format_settings format_of(const storage::TournamentRecord& record);

competition::Tournament roster_of(const storage::StoredTournament& stored);

// Every table of the current round has its result (true before the first round).
bool round_over(const storage::StoredTournament& stored);

// The next round's tables: person ids by seat, a bye as a table of one with place 0; room ids
// left empty for the caller. Empty when the tournament is over (its rounds played, fewer than
// two active players, every pair met, or no legal pairing left).
std::vector<storage::TournamentTable> next_round(const storage::StoredTournament& stored);

// The standings as JSON rows, best first (competition::standings' order and tie-breaks).
nlohmann::json standings_json(const storage::StoredTournament& stored);

// A finished game's places by seat from its record: finishers by score (equal scores share a
// place), everyone who resigned or timed out after them. nullopt when the record has no result.
std::optional<std::vector<int>> places_of_record(const nlohmann::json& record);

}  // namespace carc::server::tournaments
