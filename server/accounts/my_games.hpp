#pragma once
// "My games" (GET /api/me/games, the WebSocket's my_games): every room whose seats hold the
// person's token hash, read from the store (so games on every node), your turn first. A
// turn-based game's turn and deadline are the store's too; a live game's come from the room
// when this node runs it.

#include <nlohmann/json.hpp>

#include "carc/protocol/messages.hpp"
#include "carc/storage/store.hpp"

namespace carc::server {

class lobby;

namespace accounts {

// On a worker: the games (docs/protocol.md, "Accounts"), or the store's error. `rooms`: this
// node's rooms, whose memory is newer than the store.
storage::Result<protocol::MyGames> my_games(lobby& rooms, storage::AccountStore& store,
                                           const storage::TokenHash& person_token_hash);

}  // namespace accounts
}  // namespace carc::server
