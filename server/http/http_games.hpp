#pragma once
// GET /api/games (finished and running games, paginated) and GET /api/games/{id} (a game's
// replay record); formats in docs/protocol.md "Game records". Running games come from their
// rooms and show no hidden information; finished ones from the store.

#include <string>
#include <string_view>

#include <boost/beast/http/status.hpp>
#include <nlohmann/json.hpp>

namespace carc::server {

class shared_state;

struct games_answer {
    boost::beast::http::status status = boost::beast::http::status::ok;
    std::string body;  // JSON text: a record is served as kept, never parsed and dumped again
};

// `path` starts with /api/games; `query` is what follows '?' (may be empty).
games_answer answer_games_request(shared_state& state, std::string_view path, std::string_view query);

}  // namespace carc::server
