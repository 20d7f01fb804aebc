#pragma once
// The rating key: which ladder a game counts for (docs/ratings.md, "Rating keys"). One rating
// per account and key, as the server names its rule systems: the rule system, then each
// expansion in a fixed order, Count King and Cult's four parts together as "ckc".

#include <string>
#include <string_view>

#include "carc/game.hpp"

namespace carc::server::ratings {

// "carcassonne", "carcassonne+tower", "carcassonne+ckc", "carcassonne+tower+ckc",
// "carcassonne+river2+cult", ..., "castle". Options (a short pile, part of the Tower) do not
// change the key.
std::string rating_key(const GameConfig& config);

// Whether `key` is one rating_key can give (what the leaderboard accepts).
bool is_rating_key(std::string_view key);

}  // namespace carc::server::ratings
