#pragma once
// The ratings' HTTP API (docs/protocol.md, "Ratings"): GET /api/players/NAME,
// GET /api/leaderboard?rules=KEY and GET /api/games/ID/rating. Read from the store on the
// account workers, the answer handed to `done` there.

#include <functional>
#include <string_view>

#include "http/http_accounts.hpp"

namespace carc::server {

bool is_ratings_path(std::string_view path);
void answer_ratings_request(shared_state& state, http_request request, std::function<void(http_answer)> done);

}  // namespace carc::server
