#pragma once
// The friends' and statistics' JSON (docs/protocol.md, "Friends"): an account's lists, and its
// statistics per rule key with the averages a profile shows.

#include <vector>

#include <nlohmann/json.hpp>

#include "carc/storage/friend_store.hpp"

namespace carc::server::friends {

// {"following": [NAME, ...], "followers": [...], "friends": [...], "blocked": [...]}
nlohmann::json lists_json(const storage::FriendLists& lists);
// [{"key", "games", "wins", "tiles_placed", "followers_used", "points": {KIND: total},
//   "average": {"score", "tiles_placed", "followers_used", "points": {KIND: per game}}}, ...]
nlohmann::json stats_json(const std::vector<storage::PlayerStats>& stats);

}  // namespace carc::server::friends
