#pragma once
// The move reviews' HTTP API (docs/protocol.md, "Move reviews"): POST /api/games/ID/review
// asks for a finished game's review (answered at once with its job), GET answers the review or
// where its job stands. Both on the blocking pool (they read the store).

namespace carc::server {

class review_service;
class route_table;
struct game_sources;
namespace accounts {
class account_service;
}

// `accounts` null: every asker is counted by address.
void add_review_routes(route_table& routes, accounts::account_service* accounts, const game_sources& games,
                       review_service& reviews);

}  // namespace carc::server
