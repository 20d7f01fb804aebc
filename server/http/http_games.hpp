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

// What a game's record answered: whether it can still change (game_reads keeps only those
// that cannot).
enum class game_state { none, running, adjourned, finished };

struct games_answer {
    boost::beast::http::status status = boost::beast::http::status::ok;
    std::string body;  // JSON text: a record is served as kept, never parsed and dumped again
    game_state game = game_state::none;  // of a single game's record; none for lists and errors
};

// `path` starts with /api/games; `query` is what follows '?' (may be empty).
games_answer answer_games_request(shared_state& state, std::string_view path, std::string_view query);

}  // namespace carc::server
