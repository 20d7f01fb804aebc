#pragma once
// A finished rated room's game as the store rates it (rating_store.hpp): its key, each seat's
// place, forfeit and bot, and the model (the competition library's rate_game) to run inside the
// transaction that stores the game.

#include <memory>

#include "carc/protocol/view.hpp"
#include "carc/storage/rating_store.hpp"

namespace carc::server::ratings {

// Null when the room is not rated or has a number of seats the models do not rate.
std::shared_ptr<const storage::RatedGame> rated_game_of(const protocol::RoomInfo& room,
                                                        const protocol::GameResult& result);

// The model: one change per seat from the stored ratings (what RatedGame::rate runs).
std::vector<storage::RatingChange> rate_seats(const std::vector<storage::SeatRatingInput>& seats);

}  // namespace carc::server::ratings
