#pragma once
// The tournaments' share of the store (docs/tournaments.md): a tournament, its players and its
// tables round by round. A round starts through one conditional write (start_round: the round
// number moves from r to r + 1 only once), so of several nodes one starts it; each table names
// its room before the room exists, so a room that was not made is made later under that id.
// Implemented by both stores beside Store. Thread-safe, never throws.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

enum class TournamentStatus { open, running, finished };
const char* to_string(TournamentStatus status);

struct TournamentRecord {
    std::string id;
    std::string name;
    std::string creator_id;  // the account's person id
    std::string format;      // "swiss" or "round_robin"
    // The games' room settings, the Swiss rounds and the table size (tournaments/ reads it).
    std::string settings_json;
    std::optional<TimeMs> starts_at_ms;  // nullopt: the creator starts it
    TournamentStatus status = TournamentStatus::open;
    int round = 0;  // the round being played (or last played); 0 before the first
    TimeMs created_at_ms = 0;
};

struct TournamentPlayer {
    std::string person_id;
    std::string name;
    int entry = 0;        // 1, 2, ... in joining order: the id the pairings use
    std::int64_t seed = 0;  // the rating when joining, rounded: ranks equal scores
    int joined_round = 0;   // the round being played when joining (0: before the first)
    bool withdrawn = false;
};

// One game of a round, or a bye (no room, one player, place 0).
struct TournamentTable {
    int round = 0;
    int table = 0;                       // 0, 1, ... within the round
    std::optional<std::string> room_id;  // nullopt: a bye
    std::vector<std::string> players;    // person ids in seat order
    std::optional<std::vector<int>> places;  // by seat, 0 first; nullopt until the game ends
};

struct StoredTournament {
    TournamentRecord record;
    std::vector<TournamentPlayer> players;  // by entry
    std::vector<TournamentTable> tables;    // by round, then table
};

// The most unfinished (open or running) tournaments one creator may have, and everyone's
// together (docs/tournaments.md, "Caps"); 0: no cap.
struct TournamentCaps {
    int per_creator = 0;
    int unfinished = 0;
};

enum class TournamentCreated { created, creator_at_cap, all_at_cap };

class TournamentStore {
public:
    virtual ~TournamentStore() = default;
    // already_exists for a taken id.
    virtual Status create_tournament(const TournamentRecord& tournament) = 0;
    // One transaction: the caps counted (creations across nodes wait for each other), the
    // tournament, and the creator as its first player when given. Nothing is written when a
    // cap is reached (creator_at_cap, all_at_cap) or on an error (already_exists: a taken id).
    virtual Result<TournamentCreated> create_tournament_within(const TournamentRecord& tournament,
                                                               const std::optional<TournamentPlayer>& creator,
                                                               const TournamentCaps& caps) = 0;
    virtual Result<std::optional<StoredTournament>> tournament(std::string_view id) = 0;
    // The most recently created first.
    virtual Result<std::vector<TournamentRecord>> list_tournaments(int limit) = 0;
    // Appends the player with the next entry number (set by the store; the given one is
    // ignored). not_found: no such tournament; invalid_state: it is finished; already_exists:
    // the person joined already (a withdrawn player rejoins through this and is active again).
    virtual Status join_tournament(std::string_view id, const TournamentPlayer& player) = 0;
    // not_found when the person is not in it.
    virtual Status withdraw_from_tournament(std::string_view id, std::string_view person_id) = 0;
    // The conditional write: round `from_round` -> from_round + 1, status running, and its
    // tables, only when the tournament is still at `from_round` and not finished. false (and
    // nothing written) when another caller moved it first.
    virtual Result<bool> start_round(std::string_view id, int from_round, const std::vector<TournamentTable>& tables) = 0;
    // At `at_round`, not finished yet -> finished; false when it was not.
    virtual Result<bool> finish_tournament(std::string_view id, int at_round) = 0;
    // The game of `room_id` ended with these places (by seat); false when it had its result already
    // or is no tournament's game.
    virtual Result<bool> record_table_result(std::string_view room_id, const std::vector<int>& places) = 0;
    // Open tournaments with a start time and running ones: what the rounds' sweep looks at.
    virtual Result<std::vector<std::string>> live_tournaments() = 0;
};

}  // namespace carc::storage
