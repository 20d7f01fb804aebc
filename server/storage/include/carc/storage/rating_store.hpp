#pragma once
// The ratings' share of the store (docs/ratings.md, "How the server uses it"): each account's
// rating per rating key, and each rated game's change. A game is rated inside the transaction
// that stores it as finished (FinishWrite with `rated`), so it is rated exactly once, whatever
// node finishes it. Implemented by both stores beside Store. Thread-safe, never throws.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/moderation_store.hpp"
#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

// A rating as the models use it (display scale). Stored as integers in billionths.
struct RatingValue {
    double rating = 0;
    double rd = 0;
    double volatility = 0;
    friend bool operator==(const RatingValue&, const RatingValue&) = default;
};

// One account's rating under one key.
struct PlayerRating {
    std::string person_id;
    std::string name;  // the account's name (reads only)
    std::string key;   // the rating key (docs/ratings.md): "carcassonne", "carcassonne+tower", ...
    RatingValue value;
    int games = 0;  // rated games played under the key
    int wins = 0;   // of them, first place (shared or not) without resigning
    TimeMs last_game_ms = 0;
};

// A seat of a rated game, as the room finished it.
struct RatedSeat {
    int seat = 0;
    std::string person_id;  // empty for a bot
    std::string bot_kind;   // empty for a person
    int place = 0;          // 0 is first; equal places are ties (before forfeits are counted)
    bool resigned = false;  // resigned or timed out
};

// What the model is given for one seat: its stored rating (nullopt: a newcomer, or a bot),
// the time since its previous rated game under the key (0 when none), and per seat of the game
// (in seat order) the rated games under the key this seat's account shared with that seat's
// account or bot kind in the 24 hours before the game (0 for itself and between two bots).
struct SeatRatingInput {
    RatedSeat seat;
    std::optional<RatingValue> stored;
    double idle_seconds = 0;
    std::vector<int> recent_games_with;
};

// The window recent_games_with counts in.
inline constexpr TimeMs kRecentGamesWindowMs = 24LL * 3600 * 1000;

// One seat's change, as stored with the game.
struct RatingChange {
    int seat = 0;
    std::string person_id;  // empty for a bot
    std::string name;       // the account's or the bot's name
    std::string bot_kind;
    int place = 0;
    bool resigned = false;
    bool won = false;
    RatingValue before;
    RatingValue after;
};

// A finished game to rate: the store reads the seats' ratings, calls `rate` (pure, inside the
// transaction) and writes its changes. Not rated, and no error, when a person's seat is not an
// account's.
struct RatedGame {
    std::string key;
    std::vector<RatedSeat> seats;
    // One change per input, in the same order; throws std::invalid_argument to rate nothing.
    std::function<std::vector<RatingChange>(const std::vector<SeatRatingInput>&)> rate;
};

// One rated game from one player's side, for the profile's graph and lists.
struct RatedGameEntry {
    std::string game_id;
    std::string key;
    TimeMs finished_at_ms = 0;
    RatingChange change;
};

// A pair of players' rated games against each other under one key.
struct HeadToHead {
    std::string key;
    int games = 0;
    int wins = 0;    // the first named placed ahead
    int losses = 0;  // the second named placed ahead
    int draws = 0;
};

// The model a game is rated with (what RatedGame::rate runs), for rating games again.
using RatingModel = std::function<std::vector<RatingChange>(const std::vector<SeatRatingInput>&)>;

// What voiding games did: the games voided, and how many later rated games were rated again.
struct VoidOutcome {
    std::vector<std::string> voided;
    int rerated = 0;
};

class RatingStore {
public:
    virtual ~RatingStore() = default;
    // The account's ratings, one per key it has played rated games under.
    virtual Result<std::vector<PlayerRating>> ratings_of(std::string_view person_id) = 0;
    // The account's rated games, oldest first (at most `limit`, the most recent ones).
    virtual Result<std::vector<RatedGameEntry>> rating_history(std::string_view person_id, int limit) = 0;
    // Rated games between two accounts, per key.
    virtual Result<std::vector<HeadToHead>> head_to_head(std::string_view person_id, std::string_view opponent_id) = 0;
    // Ratings under `key` with at least `min_games` games shared with another account (games
    // against bots alone do not count) and RD at most `max_rd` as stored, best first (the caller widens RD by idle time and filters further).
    virtual Result<std::vector<PlayerRating>> leaderboard_candidates(std::string_view key, int min_games,
                                                                     double max_rd) = 0;
    // A game's changes by seat; empty when the game was not rated.
    virtual Result<std::vector<RatingChange>> game_rating(std::string_view game_id) = 0;

    // The rated games the account played that count (not voided), oldest first.
    virtual Result<std::vector<std::string>> rated_games_of(std::string_view person_id) = 0;
    // Voids finished games, with their audit entry, in one transaction (docs/ratings.md, "Voided
    // games"): each stays stored and replayable but is marked voided; its rating changes go and
    // its statistics leave the accounts' totals; every rated game under the same rating key
    // finished from the first voided one on is rated again in order with `model`, so every
    // rating equals what it would be had the voided games never been played. not_found names a
    // game that is not finished; already_exists one voided before; nothing changes then.
    virtual Result<VoidOutcome> void_games(const std::vector<std::string>& game_ids, const RatingModel& model,
                                           const AuditEntry& audit) = 0;
};

}  // namespace carc::storage
