#pragma once
// The tournaments' HTTP API (docs/protocol.md, "Tournaments"): GET and POST /api/tournaments,
// GET /api/tournaments/{id}, POST /api/tournaments/{id}/join, /withdraw and /start, on the
// blocking pool.

#include "http/http_accounts.hpp"

namespace carc::server {

namespace tournaments {
class tournament_service;
}

void add_tournament_routes(route_table& routes, tournaments::tournament_service& service);

}  // namespace carc::server
