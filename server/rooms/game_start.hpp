#pragma once
// Starting a game, written once for every room: a host's start and a tournament table's alike.
// The seed is drawn (or the test's fixed seed taken), a nonce drawn beside it, the commitment
// made from both (records/seed_commitment.hpp: what a finished record lets anyone check), and the
// engine's initial state made from the settings, its hash kept as checkpoint 0. The start is
// journaled as it is; the match goes on in the room once the journal has it.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/match.hpp"
#include "carc/protocol/settings.hpp"
#include "persistence/journal.hpp"

namespace carc::server {

struct started_game {
    game_start start;              // what the journal stores (holds the secret seed)
    std::unique_ptr<Match> match;  // the engine at the start, before any action
};

// The game of room `room_id` with `settings` and `seats` (one per seat, in order), started now.
// nullopt, with the engine's reason in `error`, when the engine refuses the settings.
std::optional<started_game> start_game(std::string room_id, std::string invite, const protocol::RoomSettings& settings,
                                       std::vector<journal_seat> seats, std::optional<std::uint64_t> fixed_seed,
                                       std::string& error);

}  // namespace carc::server
