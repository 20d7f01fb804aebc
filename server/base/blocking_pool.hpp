#pragma once
// The one pool for blocking work: a store call, a replay of a game, a page of records. Its
// threads are named "carc-blocking" (top, gdb), the work waiting is bounded, and /metrics counts
// what waits, what runs, what finished and what was refused. Two kinds of work stay elsewhere on
// purpose, because they take CPU rather than wait: password hashing (accounts) and the bots'
// searches (rooms/bot_pool.hpp). No task here waits for another thread: a task that needs a
// room's answer hands the room a callback and returns.

#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "base/metrics.hpp"

namespace carc::server {

class blocking_pool {
public:
    // `max_waiting` bounds the work try_post accepts; post() (the server's own work) always queues.
    // Counts into `counters` (metrics::blocking), which must outlive the pool.
    blocking_pool(std::size_t threads, std::size_t max_waiting, pool_counters& counters);
    ~blocking_pool();
    blocking_pool(const blocking_pool&) = delete;
    blocking_pool& operator=(const blocking_pool&) = delete;

    // Queues `work` unless max_waiting tasks already wait; false then (answer 503 at once).
    bool try_post(std::function<void()> work);
    // Queues `work` whatever waits: the server's own tasks (sweeps, a room brought back).
    void post(std::function<void()> work);
    // Lets the queued work finish and joins the threads (server shutdown). Idempotent.
    void stop();

    boost::asio::io_context::executor_type executor() { return context_.get_executor(); }

private:
    void run_one(const std::function<void()>& work);

    const std::size_t max_waiting_;
    pool_counters& counters_;
    boost::asio::io_context context_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;
    std::vector<std::thread> threads_;
};

}  // namespace carc::server
