#pragma once
// The ratings' HTTP API (docs/protocol.md, "Ratings"): GET /api/players/NAME,
// GET /api/leaderboard?rules=KEY and GET /api/games/ID/rating, read from the store on the
// blocking pool.

#include "carc/storage/rating_store.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

// Needs the accounts service (a profile names an account).
void add_ratings_routes(route_table& routes, shared_state& state, storage::RatingStore& store);

}  // namespace carc::server
