#pragma once
// POST /api/me/games/{room}/vacation (docs/protocol.md, "Accounts"): a vacation day taken on
// purpose on the account's current move of a turn-based game, like the WebSocket's
// take_vacation. The room answers once the day is stored; no thread waits for it.

#include "http/http_accounts.hpp"

namespace carc::server {

class lobby;
class cluster_node;

// `cluster` null: one node.
void add_vacation_route(route_table& routes, lobby& rooms, cluster_node* cluster);

}  // namespace carc::server
