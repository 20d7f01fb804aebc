#pragma once
// POST /api/me/games/{room}/vacation (docs/protocol.md, "Accounts"): a vacation day taken on
// purpose on the account's current move of a turn-based game, like the WebSocket's
// take_vacation. The room answers once the day is stored; no thread waits for it.

#include "http/http_accounts.hpp"

namespace carc::server {

void add_vacation_route(route_table& routes, shared_state& state);

}  // namespace carc::server
