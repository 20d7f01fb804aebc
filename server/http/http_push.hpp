#pragma once
// Web Push's endpoints (docs/protocol.md, "Web Push"): the server's VAPID public key, and a
// signed-in browser's push subscriptions, listed, added and removed. The subscription endpoints
// run on the blocking pool (the store).

#include "carc/storage/notice_store.hpp"
#include "http/route_table.hpp"
#include "notices/notice_service.hpp"

namespace carc::server {

// `allow_private_push`: subscriptions to push services at private addresses are kept (tests).
void add_push_routes(route_table& routes, const notices::notice_service& sender, bool allow_private_push,
                     storage::NoticeStore& notices);

}  // namespace carc::server
