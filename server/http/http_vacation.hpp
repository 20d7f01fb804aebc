#pragma once
// POST /api/me/games/{room}/vacation (docs/protocol.md, "Accounts"): a vacation day taken on
// purpose on the account's current move of a turn-based game, like the WebSocket's
// take_vacation. Runs on an account worker and waits there for the room's answer.

#include <string>
#include <string_view>

#include "http/http_accounts.hpp"

namespace carc::server {

// The path's room id when `path` is a vacation call, else empty.
std::string_view vacation_room_of(std::string_view path);
http_answer take_vacation_over_http(shared_state& state, const http_request& request, const std::string& person_id,
                                    const std::string& room_id);

}  // namespace carc::server
