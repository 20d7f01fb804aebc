#pragma once
// The one narrow hook between rooms and persistence. A room journals every game start and every
// action *before* applying it; when journaling fails the action is refused (the player gets
// `journal_failed`) so memory never runs ahead of what is stored. Implementations are called
// from many room strands at once and must be thread-safe. null_journal keeps nothing.

#include <cstddef>
#include <string>

#include "carc/action.hpp"
#include "carc/match.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/protocol/view.hpp"

namespace carc::server {

class room_journal {
public:
    virtual ~room_journal() = default;

    // A game starts in `room_id` with this setup (it holds the secret seed). False refuses the start.
    virtual bool begin_game(const std::string& room_id, const MatchSetup& setup,
                            const protocol::RoomSettings& settings) = 0;
    // Action number `index` (0-based) of the room's game, about to be applied. False refuses it.
    virtual bool append_action(const std::string& room_id, std::size_t index, const Action& action) = 0;
    // The game is over (complete or by resignation).
    virtual void end_game(const std::string& room_id, const protocol::GameResult& result) = 0;
    // Called at shutdown: make everything durable.
    virtual void flush() = 0;
};

class null_journal final : public room_journal {
public:
    bool begin_game(const std::string&, const MatchSetup&, const protocol::RoomSettings&) override {
        return true;
    }
    bool append_action(const std::string&, std::size_t, const Action&) override { return true; }
    void end_game(const std::string&, const protocol::GameResult&) override {}
    void flush() override {}
};

}  // namespace carc::server
