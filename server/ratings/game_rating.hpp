#pragma once
// A finished rated room's game as the store rates it (rating_store.hpp): its key, each seat's
// place, forfeit and bot, and the model (the competition library's rate_game) to run inside the
// transaction that stores the game.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/protocol/view.hpp"
#include "carc/storage/rating_store.hpp"

namespace carc::server::ratings {

// Null when the room is not rated, has a number of seats the models do not rate, a short pile
// (`pile_limit`), or ended before every seat placed a tile (`tiles_placed`, per seat: an
// aborted game, as lichess treats a game before each side moved).
std::shared_ptr<const storage::RatedGame> rated_game_of(const protocol::RoomInfo& room,
                                                        const protocol::GameResult& result,
                                                        const std::vector<int>& tiles_placed);

// Why `settings` cannot make a rated room (reason code and message), or nullopt; for rooms that
// are not rated, always nullopt.
struct rated_refusal {
    std::string reason;
    std::string message;
};
std::optional<rated_refusal> rated_settings_refusal(const protocol::RoomSettings& settings);

// The model: one change per seat from the stored ratings (what RatedGame::rate runs). Pairs
// that already shared competition::kCountedGamesPerOpponentPerDay rated games in the last day
// leave their result out; when that leaves no result at all it returns no change, and the
// store then does not rate the game.
std::vector<storage::RatingChange> rate_seats(const std::vector<storage::SeatRatingInput>& seats);

}  // namespace carc::server::ratings
