#pragma once
// Start-up recovery: every game the store holds as running is replayed through the engine, its
// state hashes checked, and its room brought back so that players reconnect with their tokens.
// A waiting room (seats taken, no game yet) comes back with its settings, seats, bots and host;
// its seated people are offline members until their hello (each keeps the seat for --grace).
// An adjourned game is not: only its seated people (by token hash) and its lobby entry come
// back, and resume_adjourned replays it when one of them says hello. A room that fails to
// replay is logged and marked abandoned in the store; it never stops the server. Runs once,
// before the server accepts connections.

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "carc/storage/store.hpp"

namespace carc::server {

struct room_services;
class room;

struct recovery_report {
    int restored = 0;
    int waiting = 0;
    int adjourned = 0;
    int abandoned = 0;
};

// Also reserves every id the store knows, so new rooms never reuse one.
recovery_report recover_rooms(room_services& state, storage::Store& store);

// Replays one stored running game and registers its room and seated people (start-up, and a
// node taking over a dead node's game); false, and the game marked abandoned, when it fails.
bool restore_running(room_services& state, const storage::StoredRoom& stored);
// A stored waiting room: registers the room and its seated people; false, and the room marked
// abandoned, when its stored form cannot be read.
bool restore_waiting(room_services& state, const storage::StoredRoom& stored);
// restore_waiting or restore_running, by the stored status (a node taking a room over).
bool restore_stored(room_services& state, const storage::StoredRoom& stored);

// Loads the adjourned game `room_id` from the store, replays it and registers its room (called
// through lobby::find_or_resume); null, and the game forgotten, when it cannot come back. The
// same for a game or waiting room unloaded to be reloaded from the store
// (room::reload_from_journal); null, and the room left to wait for the next hello, while the
// store cannot be read.
std::shared_ptr<room> resume_adjourned(room_services& state, const std::string& room_id);

// GET /api/games/{id} of an adjourned game: its public record so far, replayed from the store,
// with status "adjourned" and, as for a running game, no seed, nonce or state hashes. Nothing
// when `room_id` is not an adjourned game, is a private room's, or does not replay.
std::optional<nlohmann::json> adjourned_record(storage::Store& store, const std::string& room_id);
// The same for a game another node runs (several nodes): status "playing", as of its last
// committed move. Nothing when it is not a running public game in the store.
std::optional<nlohmann::json> running_record(storage::Store& store, const std::string& room_id);

}  // namespace carc::server
