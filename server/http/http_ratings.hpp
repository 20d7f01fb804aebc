#pragma once
// The ratings' HTTP API (docs/protocol.md, "Ratings"): GET /api/players/NAME,
// GET /api/leaderboard?rules=KEY and GET /api/games/ID/rating, read from the store on the
// blocking pool.

#include "accounts/account_service.hpp"
#include "carc/storage/friend_store.hpp"
#include "carc/storage/rating_store.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

// A profile names an account; its statistics come from `friends` (null: none shown).
void add_ratings_routes(route_table& routes, accounts::account_service& accounts, storage::RatingStore& store,
                        storage::FriendStore* friends);

}  // namespace carc::server
