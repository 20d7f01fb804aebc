#pragma once
// The friends' HTTP API (docs/protocol.md, "Friends"): PUT/DELETE /api/me/follows/NAME,
// PUT/DELETE /api/me/blocks/NAME, GET /api/me/friends, for signed-in accounts.

#include <string_view>

#include <nlohmann/json.hpp>

#include "accounts/account_service.hpp"
#include "carc/storage/friend_store.hpp"
#include "carc/storage/records.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

namespace friends {
struct people_reach;
}

// `reach`: the blocks kept here and the news that tells the other nodes of a change.
void add_friends_routes(route_table& routes, accounts::account_service& accounts, friends::people_reach& reach,
                        storage::FriendStore& friends);

// GET /api/players/NAME's `stats` (statistics per rule key) added to `profile`; false when the
// store failed.
bool add_profile_stats(storage::FriendStore* friends, accounts::account_service& accounts, std::string_view name,
                       nlohmann::json& profile);

}  // namespace carc::server
