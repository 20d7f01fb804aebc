#pragma once
// Process-wide counters, exported at GET /metrics in the Prometheus text format. Lock-free
// atomics: every thread bumps them.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace carc::server {

// A pool's work (base/blocking_pool.hpp): what waits and runs now, what finished, what was refused.
struct pool_counters {
    std::atomic<std::int64_t> waiting{0};
    std::atomic<std::int64_t> running{0};
    std::atomic<std::uint64_t> done_total{0};
    std::atomic<std::uint64_t> refused_total{0};
    std::atomic<std::uint64_t> threads{0};
};

class metrics {
public:
    std::atomic<std::uint64_t> connections_total{0};
    std::atomic<std::int64_t> connections_open{0};
    std::atomic<std::int64_t> rooms_open{0};       // rooms in memory
    std::atomic<std::int64_t> rooms_adjourned{0};  // games unloaded until a player returns
    std::atomic<std::int64_t> games_running{0};
    std::atomic<std::uint64_t> games_finished_total{0};
    std::atomic<std::uint64_t> messages_in_total{0};
    std::atomic<std::uint64_t> messages_out_total{0};
    std::atomic<std::uint64_t> socket_writes_total{0};  // writes of those messages (several per write)
    std::atomic<std::uint64_t> actions_accepted_total{0};
    std::atomic<std::uint64_t> actions_refused_total{0};
    std::atomic<std::uint64_t> errors_total{0};
    std::atomic<std::uint64_t> slow_clients_dropped_total{0};
    // Group commit (journal_writer): transactions and the writes they stored.
    std::atomic<std::uint64_t> journal_commits_total{0};
    std::atomic<std::uint64_t> journal_writes_total{0};
    std::atomic<std::uint64_t> journal_inline_commits_total{0};
    // Several nodes (cluster_node): rooms this node took from a dead node, and lost to another.
    std::atomic<std::uint64_t> rooms_taken_over{0};
    std::atomic<std::uint64_t> rooms_lost{0};
    // GET /api/games reads (game_reads): done on the reader thread, answered from kept records,
    // refused because too many waited.
    std::atomic<std::uint64_t> game_reads{0};
    std::atomic<std::uint64_t> game_reads_cached{0};
    std::atomic<std::uint64_t> game_reads_refused{0};
    std::atomic<std::uint64_t> io_threads{0};  // set once at start-up
    // The blocking pool (store calls, record reads, account and API requests).
    pool_counters blocking;

    // Time to build, diff, serialise and queue one room update for all its viewers.
    void observe_broadcast(std::chrono::nanoseconds elapsed);

    std::string prometheus_text() const;

private:
    static constexpr std::array<double, 10> bucket_bounds_ = {
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1};
    std::array<std::atomic<std::uint64_t>, bucket_bounds_.size() + 1> buckets_{};
    std::atomic<std::uint64_t> broadcast_count_{0};
    std::atomic<std::uint64_t> broadcast_nanos_{0};
};

}  // namespace carc::server
