#pragma once
// The threads bots think on: a search bot's move takes up to seconds of CPU, so it never runs
// on a room's strand or the I/O threads. A room hands over a copy of its state; the answer
// comes back through a callback on a pool thread, and the room posts it to its strand and
// validates it like anyone's move.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include <boost/asio/thread_pool.hpp>

#include "carc/action.hpp"
#include "carc/bots.hpp"
#include "carc/game.hpp"
#include "carc/state.hpp"

namespace carc::server {

class bot_pool {
public:
    // `threads` >= 1; `limit`: the most a search bot may think about one move.
    bot_pool(int threads, std::chrono::milliseconds limit);
    ~bot_pool();  // stops searches early, then joins the threads
    bot_pool(const bot_pool&) = delete;
    bot_pool& operator=(const bot_pool&) = delete;

    // Chooses a move for the decider of `state` (which points into `game`, kept alive here)
    // and calls `done` with it on a pool thread; a stopped pool calls nothing.
    void think(BotKind kind, std::shared_ptr<const Game> game, const State& state, std::uint64_t seed,
               std::function<void(Action)> done);
    // Ends every search soon and drops results from now on (server shutdown).
    void stop();

private:
    boost::asio::thread_pool pool_;
    const std::chrono::milliseconds limit_;
    std::atomic<bool> stopping_{false};
};

}  // namespace carc::server
