#include "rooms/game_start.hpp"

#include "carc/records/seed_commitment.hpp"
#include "people/security.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

std::optional<started_game> start_game(std::string room_id, std::string invite, const protocol::RoomSettings& settings,
                                       std::vector<journal_seat> seats, std::optional<std::uint64_t> fixed_seed,
                                       std::string& error) {
    started_game game;
    game_start& start = game.start;
    start.setup.config = settings.config;
    start.setup.seed = fixed_seed ? *fixed_seed : random_u64();
    game.match = Match::create(start.setup, &error);
    if (!game.match) return std::nullopt;
    start.room_id = std::move(room_id);
    start.invite = std::move(invite);
    start.settings = settings;
    start.seed_nonce = random_hex(16);
    start.seed_commitment = seed_commitment(start.setup.seed, start.seed_nonce);
    start.seats = std::move(seats);
    start.initial_hash = game.match->state().hash();
    start.time_ms = unix_ms();
    return game;
}

}  // namespace carc::server
