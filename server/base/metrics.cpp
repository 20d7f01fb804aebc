#include "base/metrics.hpp"

#include <fmt/format.h>

namespace carc::server {

void metrics::observe_broadcast(std::chrono::nanoseconds elapsed) {
    const double seconds = std::chrono::duration<double>(elapsed).count();
    std::size_t i = 0;
    while (i < bucket_bounds_.size() && seconds > bucket_bounds_[i]) ++i;
    buckets_[i].fetch_add(1, std::memory_order_relaxed);
    broadcast_count_.fetch_add(1, std::memory_order_relaxed);
    broadcast_nanos_.fetch_add(static_cast<std::uint64_t>(elapsed.count()), std::memory_order_relaxed);
}

std::string metrics::prometheus_text() const {
    std::string out;
    const auto metric = [&out](const char* name, const char* type, const char* help, const auto& value) {
        out += fmt::format("# HELP {} {}\n# TYPE {} {}\n{} {}\n", name, help, name, type, name,
                           value.load(std::memory_order_relaxed));
    };
    metric("carc_connections_total", "counter", "WebSocket connections accepted.", connections_total);
    metric("carc_connections_open", "gauge", "WebSocket connections open now.", connections_open);
    metric("carc_rooms_open", "gauge", "Rooms in memory now.", rooms_open);
    metric("carc_rooms_adjourned", "gauge", "Adjourned games (unloaded until a seated player returns).",
           rooms_adjourned);
    metric("carc_games_running", "gauge", "Games in progress.", games_running);
    metric("carc_games_finished_total", "counter", "Games that ended.", games_finished_total);
    metric("carc_messages_in_total", "counter", "WebSocket messages received.", messages_in_total);
    metric("carc_messages_out_total", "counter", "WebSocket messages sent.", messages_out_total);
    metric("carc_socket_writes_total", "counter", "Writes that sent them (one carries several when a connection is behind).",
           socket_writes_total);
    metric("carc_actions_accepted_total", "counter", "Game actions applied.", actions_accepted_total);
    metric("carc_actions_refused_total", "counter", "Game actions refused.", actions_refused_total);
    metric("carc_errors_total", "counter", "Error replies sent.", errors_total);
    metric("carc_slow_clients_dropped_total", "counter",
           "Connections dropped because their outgoing queue was full.", slow_clients_dropped_total);
    metric("carc_journal_commits_total", "counter", "Journal transactions committed (one fsync each).",
           journal_commits_total);
    metric("carc_journal_writes_total", "counter", "Journal writes stored (group commit: many per transaction).",
           journal_writes_total);
    metric("carc_journal_inline_commits_total", "counter",
           "Journal transactions committed on the submitting thread (--sync normal, writer idle).",
           journal_inline_commits_total);
    metric("carc_rooms_taken_over_total", "counter", "Games this node took over after their owner's lease expired.",
           rooms_taken_over);
    metric("carc_game_reads_total", "counter", "GET /api/games reads done on the reader thread.", game_reads);
    metric("carc_game_reads_cached_total", "counter", "GET /api/games/{id} answered from a kept record.",
           game_reads_cached);
    metric("carc_game_reads_refused_total", "counter", "GET /api/games reads answered 503 (too many waiting).",
           game_reads_refused);
    metric("carc_io_threads", "gauge", "Threads serving the network and the rooms (--threads).", io_threads);
    metric("carc_rooms_lost_total", "counter", "Rooms dropped because another node took their lease.", rooms_lost);
    metric("carc_blocking_threads", "gauge", "Threads of the blocking pool (store calls, API requests).",
           blocking.threads);
    metric("carc_blocking_waiting", "gauge", "Tasks waiting for the blocking pool now.", blocking.waiting);
    metric("carc_blocking_running", "gauge", "Tasks running on the blocking pool now.", blocking.running);
    metric("carc_blocking_done_total", "counter", "Tasks the blocking pool finished.", blocking.done_total);
    metric("carc_blocking_refused_total", "counter", "Requests answered 503 because the blocking pool was full.",
           blocking.refused_total);

    out += "# HELP carc_broadcast_seconds Time to build and queue one room update for all viewers.\n"
           "# TYPE carc_broadcast_seconds histogram\n";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < buckets_.size(); ++i) {
        cumulative += buckets_[i].load(std::memory_order_relaxed);
        const std::string bound = i < bucket_bounds_.size() ? fmt::format("{}", bucket_bounds_[i]) : "+Inf";
        out += fmt::format("carc_broadcast_seconds_bucket{{le=\"{}\"}} {}\n", bound, cumulative);
    }
    out += fmt::format("carc_broadcast_seconds_sum {}\n",
                       static_cast<double>(broadcast_nanos_.load(std::memory_order_relaxed)) / 1e9);
    out += fmt::format("carc_broadcast_seconds_count {}\n", broadcast_count_.load(std::memory_order_relaxed));
    return out;
}

}  // namespace carc::server
