#pragma once
// Glicko-2 (Glickman, "Example of the Glicko-2 system"): one player's update from the games of
// one rating period. The server rates each game on its own, so a period holds one game.

#include <span>

#include "carc/competition/rating.hpp"

namespace carc::competition {

struct Glicko2Config {
    // System constant: how much volatility may change. Glickman suggests 0.3 to 1.2; 0.5 keeps
    // ratings steady between the occasional upset (docs/ratings.md).
    double tau = 0.5;
    // Convergence tolerance of the volatility iteration (Glickman's step 5).
    double epsilon = 1e-6;
};

struct Glicko2Game {
    Rating opponent;  // the opponent's rating before the game
    double score;     // 1 won, 0.5 drawn, 0 lost
};

// The player's rating after `games`; with no games, one idle period (RD grows).
Rating glicko2_update(const Rating& player, std::span<const Glicko2Game> games,
                      const Glicko2Config& config = {});

}  // namespace carc::competition
