#pragma once
// GET /api/games (finished and running games, paginated) and GET /api/games/{id} (a game's
// replay record); formats in docs/protocol.md "Game records". Running games come from their
// rooms and show no hidden information; finished ones from the store.

#include <memory>
#include <string>
#include <string_view>

#include <boost/beast/http/status.hpp>
#include <nlohmann/json.hpp>

#include "carc/storage/stores.hpp"

namespace carc::server {

class cluster_node;
class lobby;

// Where games are read from: this node's rooms, the store (its `games` null when games are not
// kept), and, with several nodes, the cluster (running games of other nodes come from the store).
// References to the server's own members, which are filled before the first request.
struct game_sources {
    lobby& rooms;
    const storage::Stores& stores;
    const std::shared_ptr<cluster_node>& cluster;
};

// What a game's record answered: whether it can still change (game_reads keeps only those
// that cannot).
enum class game_state { none, running, adjourned, finished };

struct games_answer {
    boost::beast::http::status status = boost::beast::http::status::ok;
    std::string body;  // JSON text: a record is served as kept, never parsed and dumped again
    game_state game = game_state::none;  // of a single game's record; none for lists and errors
};

// `path` starts with /api/games; `query` is what follows '?' (may be empty).
games_answer answer_games_request(const game_sources& state, std::string_view path, std::string_view query);

}  // namespace carc::server
