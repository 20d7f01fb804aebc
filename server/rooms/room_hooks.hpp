#pragma once
// What a room tells the features built on top of it (ratings, statistics, tournaments) without
// knowing them. The composition root (app/server.cpp) registers the listeners before any room
// exists; rooms only call them, so no lock guards the lists.

#include <functional>
#include <string>
#include <vector>

#include "carc/protocol/view.hpp"
#include "friends/game_stats.hpp"
#include "persistence/journal.hpp"

namespace carc::server {

// A game that just ended, as its room saw it.
struct finished_game {
    const protocol::RoomInfo& room;
    const protocol::GameResult& result;
    const std::vector<friends::play_counts>& plays;  // per seat
};

class room_hooks {
public:
    // Before the record is stored: what a feature keeps with it, in the same transaction (a
    // rating, statistics), is added to `end`.
    using finishing_listener = std::function<void(const finished_game&, game_end& end)>;
    // Once the record is stored.
    using recorded_listener = std::function<void(const std::string& room_id)>;

    void on_finishing(finishing_listener listener) { finishing_.push_back(std::move(listener)); }
    void on_recorded(recorded_listener listener) { recorded_.push_back(std::move(listener)); }

    void finishing(const finished_game& game, game_end& end) const {
        for (const auto& listener : finishing_) listener(game, end);
    }
    void recorded(const std::string& room_id) const {
        for (const auto& listener : recorded_) listener(room_id);
    }

private:
    std::vector<finishing_listener> finishing_;
    std::vector<recorded_listener> recorded_;
};

}  // namespace carc::server
