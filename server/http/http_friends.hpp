#pragma once
// The friends' HTTP API (docs/protocol.md, "Friends"): PUT/DELETE /api/me/follows/NAME,
// PUT/DELETE /api/me/blocks/NAME, GET /api/me/friends. Called by the accounts' router on an
// account worker once the session is known.

#include <string_view>

#include <nlohmann/json.hpp>

#include "carc/storage/records.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

bool is_friends_path(std::string_view path);
http_answer answer_friends_call(shared_state& state, const http_request& request, std::string_view path,
                                const storage::AccountRecord& me);

// GET /api/players/NAME's `stats` (statistics per rule key) added to `profile`; false when the
// store failed.
bool add_profile_stats(shared_state& state, std::string_view name, nlohmann::json& profile);

}  // namespace carc::server
