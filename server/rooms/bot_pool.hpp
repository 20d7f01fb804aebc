#pragma once
// The threads bots think on: a search bot's move takes up to seconds of CPU, so it never runs
// on a room's strand or the I/O threads. A room hands over a copy of its state; the answer
// comes back through a callback on a pool thread, and the room posts it to its strand and
// validates it like anyone's move.
//
// Nobody's searches may hold everyone else's bots up: waiting searches get a thread in turn by
// person (the room's host) and then by room (fair_queue.hpp), and while any search waits, a
// running one stops at its time slice (`slice`) and plays the best move it found so far. Alone
// on the pool, a search thinks up to `limit`.
//
// Long work that no game waits for (a move review) has a lane of its own below every game's:
// it starts only when no search waits, on at most `threads - 1` threads at once (one with a
// single thread), and between its steps it yields, running on its own thread every search that
// began waiting meanwhile. So a review delays a game's bot by at most one of its steps.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "carc/action.hpp"
#include "carc/bots.hpp"
#include "carc/game.hpp"
#include "carc/state.hpp"
#include "rooms/fair_queue.hpp"

namespace carc::server {

class bot_pool {
public:
    using clock = std::chrono::steady_clock;
    // Polled by a search before each iteration: true when it must answer now.
    using stop_fn = std::function<bool()>;
    using work_fn = std::function<void(const stop_fn&)>;
    // Called by background work between its steps: runs the searches waiting now, then returns;
    // throws `stopped` once the pool stops, to end the work early.
    using yield_fn = std::function<void()>;
    using background_fn = std::function<void(const yield_fn&)>;
    struct stopped : std::exception {
        const char* what() const noexcept override { return "the bot pool stopped"; }
    };

    struct settings {
        int threads = 2;                    // >= 1
        std::chrono::milliseconds limit{3000};  // the most a search thinks about one move
        std::chrono::milliseconds slice{250};   // ... while other searches wait
        std::function<clock::time_point()> now;  // tests drive time; empty: the steady clock
    };

    explicit bot_pool(settings how);
    ~bot_pool();  // stops searches early, then joins the threads
    bot_pool(const bot_pool&) = delete;
    bot_pool& operator=(const bot_pool&) = delete;

    // Chooses a move for the decider of `state` (which points into `game`, kept alive here)
    // and calls `done` with it on a pool thread; a stopped pool calls nothing. `owner` (who
    // pays: the room's host) and `room` decide whose turn it is (fair_queue).
    void think(const std::string& owner, const std::string& room, BotKind kind, std::shared_ptr<const Game> game,
               const State& state, std::uint64_t seed, std::function<void(Action)> done);
    // Runs `work` on a pool thread in the same fair order, with the stop predicate a search gets.
    void run(const std::string& owner, const std::string& room, work_fn work);
    // Runs `work` in the background lane (first come, first served among background work).
    void run_background(background_fn work);
    // Ends every search soon and drops results from now on (server shutdown).
    void stop();
    // Jobs queued and not started.
    std::size_t waiting() const { return waiting_.load(); }
    // Background work queued and not started.
    std::size_t background_waiting() const;

    // Whether a search that started at `started` must answer at `now`: past its limit, or past
    // its slice while `others_waiting` searches wait for a thread.
    static bool out_of_time(clock::time_point started, clock::time_point now, std::size_t others_waiting,
                            std::chrono::milliseconds limit, std::chrono::milliseconds slice);

private:
    void work_loop();
    void run_search(work_fn& work);
    // Runs the searches waiting now on this thread (background work's yield).
    void yield_to_searches();
    clock::time_point now() const { return now_ ? now_() : clock::now(); }

    const std::chrono::milliseconds limit_;
    const std::chrono::milliseconds slice_;
    const std::function<clock::time_point()> now_;
    std::atomic<bool> stopping_{false};
    std::atomic<std::size_t> waiting_{0};
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    fair_queue<work_fn> queue_;  // under mutex_
    std::deque<background_fn> background_;  // under mutex_
    std::size_t background_running_ = 0;    // under mutex_
    std::size_t max_background_ = 1;
    std::vector<std::thread> threads_;  // last: started once everything above exists
};

}  // namespace carc::server
