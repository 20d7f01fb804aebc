#pragma once
// What the tournaments use of the server, and nothing more: handed to the tournament service by
// the composition root (app/server.cpp), which alone knows the server's shared state. The rooms'
// side comes as three functions, so a node alone and a node among several (ids claimed across
// nodes, leases) look the same from here.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "carc/protocol/messages.hpp"
#include "carc/storage/rating_store.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/tournament_store.hpp"
#include "persistence/journal.hpp"
#include "rooms/game_start.hpp"

namespace carc::server {

class lobby;
class person_registry;

namespace tournaments {

// The server's settings the tournaments follow.
// Tells one player (a person id) that their table's game is open.
using table_teller = std::function<void(const std::string& person, const protocol::TournamentRound& round)>;

struct tournament_rules {
    std::chrono::milliseconds sweep_every{5000};
    int max_per_creator = 3;  // unfinished tournaments one person created
    int max_unfinished = 200;  // on the server
    bool short_move_times = false;  // tests: turn-based games may have moves of seconds
    std::optional<std::uint64_t> fixed_seed;  // tests: every game's seed
    bool test_exit_after_round_stored = false;
};

struct tournament_parts {
    std::shared_ptr<storage::TournamentStore> store;
    std::shared_ptr<storage::Store> games;  // finished games' records; which tables' games exist
    std::shared_ptr<storage::AccountStore> accounts;  // the players' names and token hashes
    std::shared_ptr<storage::RatingStore> ratings;  // entries' seeds; null: every entry 1500
    std::shared_ptr<room_journal> journal;  // a table's start
    lobby& rooms;  // which tables' rooms are in memory here
    person_registry& persons;  // who is online here, told of their game
    // A new room id (the store's counter; among nodes, one no node hands out again).
    std::function<std::string()> new_room_id;
    // Whether this node may open the room `id` (among nodes: its lease is this node's now).
    std::function<bool(const std::string& id)> may_open;
    // Opens a started and journaled game as a room here (rooms/room.hpp, room::open_started).
    std::function<void(started_game)> open_room;
    // Tells a player, wherever they are connected, that their table's game is open.
    table_teller tell;
    tournament_rules rules;
};

}  // namespace tournaments
}  // namespace carc::server
