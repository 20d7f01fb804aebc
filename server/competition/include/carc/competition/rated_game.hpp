#pragma once
// Rating one finished game by Glicko-2, pairwise over the table: each player's game is one
// rating period holding a result against every other player there (won, drawn or lost by
// place). Two players are plain Glicko-2. The server calls rate_game exactly once per rated
// game and stores the returned record with it (docs/ratings.md).

#include <set>
#include <utility>
#include <vector>

#include "carc/competition/glicko2.hpp"
#include "carc/competition/rating.hpp"

namespace carc::competition {

struct Participant {
    Rating before;              // as stored before the game
    int place = 0;              // 0 is first; equal places are ties
    bool resigned = false;      // resigned or timed out: a loss, below everyone who finished
    bool fixed = false;         // a bot: its rating does not move (it still rates the others)
    double idle_seconds = 0.0;  // since the participant's previous rated game: widens RD first
};

// glicko2: two players; pairwise_glicko2: three to five, one result against each other player.
enum class RatingModel { glicko2, pairwise_glicko2 };

struct ParticipantResult {
    Rating before;  // as stored before the game
    Rating after;   // to store now
};

// What the server keeps with the game: each participant's before and after, in input order.
struct RatedGameResult {
    RatingModel model = RatingModel::glicko2;
    std::vector<ParticipantResult> participants;
};

inline constexpr int kMinRatedPlayers = 2;
inline constexpr int kMaxRatedPlayers = 5;

// Repeated games count less: between two accounts (or an account and one kind of bot), only
// the first this many rated games under a key in any 24 hours carry their result; later ones
// leave that pair's result out of both ratings (docs/ratings.md, "Fair play").
inline constexpr int kCountedGamesPerOpponentPerDay = 3;
inline constexpr double kRepeatWindowSeconds = 24.0 * 3600;

// Participants (indices, smaller first) whose result against each other is left out.
using LeftOutPairs = std::set<std::pair<int, int>>;

// Throws std::invalid_argument, with a message for the player, for fewer than 2 or more than
// 5 participants or a negative place. A participant whose every result is left out keeps its
// rating exactly (no idle widening either: nothing was rated).
RatedGameResult rate_game(const std::vector<Participant>& participants,
                          const LeftOutPairs& left_out = {}, const Glicko2Config& config = {});

// The places the models see: finishers keep their order, and everyone who resigned or timed
// out shares the place after the last finisher.
std::vector<int> effective_places(const std::vector<Participant>& participants);

}  // namespace carc::competition
