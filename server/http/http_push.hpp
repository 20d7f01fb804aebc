#pragma once
// Web Push's endpoints (docs/protocol.md, "Web Push"): the server's VAPID public key, and a
// signed-in browser's push subscriptions, listed, added and removed. The subscription endpoints
// run on the blocking pool (the store).

#include "carc/storage/notice_store.hpp"
#include "http/route_table.hpp"

namespace carc::server {

// Needs the notices' sender (shared_state::notice_sender) with Web Push on.
void add_push_routes(route_table& routes, shared_state& state, storage::NoticeStore& notices);

}  // namespace carc::server
