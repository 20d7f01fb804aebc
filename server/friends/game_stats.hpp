#pragma once
// A finished game's statistics per seat, for the accounts' totals (friend_store.hpp): the
// points by kind (the result's breakdown, counted from the engine's scoring events), tiles
// placed and followers used (counted from the seat's own decisions), and whether it won.

#include <span>
#include <vector>

#include "carc/protocol/view.hpp"
#include "carc/records/game_record.hpp"
#include "carc/storage/records.hpp"

namespace carc::server::friends {

struct play_counts {
    int tiles_placed = 0;
    int followers_used = 0;  // a follower from supply: on a tile, a tower or into the City
};

// Per seat, from the game's accepted actions.
std::vector<play_counts> count_play(int seats, std::span<const record_action> actions);

// Each person's seat (bots' are left out); the store keeps those of accounts.
std::vector<storage::SeatStats> seat_stats_of(const protocol::RoomInfo& room, const protocol::GameResult& result,
                                              const std::vector<play_counts>& counts);

}  // namespace carc::server::friends
