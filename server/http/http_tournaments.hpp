#pragma once
// The tournaments' HTTP API (docs/protocol.md, "Tournaments"): GET and POST /api/tournaments,
// GET /api/tournaments/{id}, POST /api/tournaments/{id}/join, /withdraw and /start. Answered on
// the account workers (the store, the session's account), the answer handed to `done` there.

#include <functional>
#include <string_view>

#include "http/http_accounts.hpp"

namespace carc::server {

bool is_tournaments_path(std::string_view path);
void answer_tournaments_request(shared_state& state, http_request request, std::function<void(http_answer)> done);

}  // namespace carc::server
