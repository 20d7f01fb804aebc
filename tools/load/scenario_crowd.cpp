// The crowd: one game watched by thousands of spectators who join in waves, watch the host's
// moves and leave in waves. Per joining wave: the server's CPU per join (the joins and the
// presence patches they cause, which the server sends at most once per --presence-interval),
// its memory per spectator, and the host's turns with the whole crowd watching: broadcast
// latency and server CPU per host action and per spectator. The host waits until every spectator
// holds a change before its next action, so each turn's broadcast is measured on its own.
#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include <sys/resource.h>

#include "latency.hpp"
#include "room_host.hpp"
#include "scenarios.hpp"

namespace carc::load {

namespace net = boost::asio;

namespace {

// Long enough for the server's presence patch (at most one per second) to have gone out.
constexpr auto presence_settles = std::chrono::milliseconds(1500);
// A spectator that never gets a change (dropped as a slow reader) must not stop the run.
constexpr auto gate_timeout = std::chrono::seconds(20);
constexpr int width = 64;  // requests in flight while a wave joins or leaves

double cpu_between(const std::optional<process_sample>& a, const std::optional<process_sample>& b) {
    return a && b ? b->cpu_seconds - a->cpu_seconds : -1;
}

json host_and_bot() { return {{"seats", 2}, {"bots", json::array({{{"seat", 1}, {"kind", "random"}}})}}; }

json rounded(double v, double unit) { return v < 0 ? json(nullptr) : json(std::round(v / unit) * unit); }

}  // namespace

std::vector<json> run_crowd(scenario_env& env) {
    const options& opt = env.opt;
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    if (limit.rlim_cur < static_cast<rlim_t>(opt.crowd) + 100)
        throw std::runtime_error("a crowd of " + std::to_string(opt.crowd) + " needs about " +
                                 std::to_string(opt.crowd + 100) + " descriptors, the limit is " +
                                 std::to_string(limit.rlim_cur) + " (raise `ulimit -Hn`)");
    net::io_context ioc;
    play_stats stats;
    room_host host(ioc, opt.seed, stats);
    std::vector<std::unique_ptr<spectator>> watchers;
    for (int i = 0; i < opt.crowd; ++i) watchers.push_back(std::make_unique<spectator>(ioc, stats));
    const int waves = std::min(opt.crowd_waves, opt.crowd);
    const auto wave_first = [&](int w) { return opt.crowd * w / waves; };
    // Runs `step` for every spectator of wave `w`, `width` at a time; returns the wall seconds.
    const auto run_wave = [&](int w, std::function<net::awaitable<void>(spectator&)> step) -> net::awaitable<double> {
        const int first = wave_first(w);
        const auto t0 = steady::now();
        co_await for_each_limited(wave_first(w + 1) - first, width, [&, first](int i) -> net::awaitable<void> {
            co_await step(*watchers[static_cast<std::size_t>(first + i)]);
        });
        co_return std::chrono::duration<double>(steady::now() - t0).count();
    };
    std::vector<json> lines;
    int watching = 0;
    std::uint64_t settled = 0;  // every spectator holds this version (a later arrival by snapshot)
    std::int64_t gate_timeouts = 0;

    // Before each host action: until every spectator holds the host's latest version.
    host.gate([&]() -> net::awaitable<void> {
        if (host.version() <= settled) co_return;
        const auto deadline = steady::now() + gate_timeout;
        while (stats.held[host.version()] < watching) {
            if (steady::now() > deadline) {
                ++gate_timeouts;
                co_return;
            }
            co_await pause(std::chrono::milliseconds(1));
        }
    });

    run_to_end(ioc, [&]() -> net::awaitable<void> {
        co_await host.connect(env.ws, "Host");
        co_await host.open_room(host_and_bot());
        co_await host.start();
        const auto before_connections = env.sample();
        co_await for_each_limited(opt.crowd, width, [&](int i) -> net::awaitable<void> {
            co_await watchers[static_cast<std::size_t>(i)]->connect(env.ws, "Watcher " + std::to_string(i));
        });
        co_await pause(std::chrono::milliseconds(300));
        const auto connected = env.sample();
        stats.count_held = true;

        for (int w = 0; w < waves; ++w) {
            const int size = wave_first(w + 1) - wave_first(w);
            const auto cpu0 = env.sample();
            const double join_seconds = co_await run_wave(w, [&](spectator& s) { return s.watch(host); });
            watching += size;
            co_await pause(presence_settles);
            const auto joined = env.sample();

            stats.broadcast_ms.clear();
            stats.host_actions = 0;
            settled = host.version();
            const double accepted0 = metric_value(env.http, "carc_actions_accepted_total");
            const double writes0 = metric_value(env.http, "carc_socket_writes_total");  // < 0: not counted
            const auto play0 = env.sample();
            const auto p0 = steady::now();
            stats.recording = true;
            co_await host.play(opt.crowd_moves);
            stats.recording = false;
            // The last action's changes reach everyone before the figures are read.
            co_await host.wait_gate();
            const double play_seconds = std::chrono::duration<double>(steady::now() - p0).count();
            const auto play1 = env.sample();
            const double accepted = metric_value(env.http, "carc_actions_accepted_total") - accepted0;
            const double writes = metric_value(env.http, "carc_socket_writes_total") - writes0;

            const double play_cpu = cpu_between(play0, play1);
            const auto actions = static_cast<double>(stats.host_actions);
            json line = json::object();
            line["scenario"] = "crowd";
            line["wave"] = w + 1;
            line["joined"] = size;
            line["watching"] = watching;
            line["join_seconds"] = rounded(join_seconds, 0.01);
            line["server_cpu_us_per_join"] = rounded(cpu_between(cpu0, joined) * 1e6 / size, 0.1);
            line["host_actions"] = stats.host_actions;
            line["accepted_actions"] = accepted;
            line["play_seconds"] = rounded(play_seconds, 0.01);
            line["broadcast_ms"] = summary(stats.broadcast_ms);
            if (play_cpu >= 0 && actions > 0) {
                line["server_cpu_ms_per_host_action"] = rounded(play_cpu * 1e3 / actions, 0.01);
                line["server_cpu_us_per_spectator_per_host_action"] = rounded(play_cpu * 1e6 / actions / watching, 0.01);
                line["server_cpu_us_per_spectator_per_patch"] =
                    accepted > 0 ? rounded(play_cpu * 1e6 / accepted / watching, 0.01) : json(nullptr);
                // Writes (system calls) per spectator: below the patches when several go in one.
                line["writes_per_spectator_per_host_action"] =
                    writes0 >= 0 ? rounded(writes / actions / watching, 0.01) : json(nullptr);
            }
            if (before_connections && joined) {
                line["rss_kb_per_spectator"] =
                    rounded(static_cast<double>(joined->rss_kb - before_connections->rss_kb) / watching, 0.01);
                line["rss_kb"] = joined->rss_kb;
            }
            if (before_connections && connected)
                line["rss_kb_per_connection_before_watching"] =
                    rounded(static_cast<double>(connected->rss_kb - before_connections->rss_kb) / opt.crowd, 0.01);
            lines.push_back(std::move(line));
        }

        stats.count_held = false;
        for (int w = 0; w < waves; ++w) {
            const int size = wave_first(w + 1) - wave_first(w);
            const auto cpu0 = env.sample();
            const double leave_seconds = co_await run_wave(w, [](spectator& s) { return s.leave(); });
            watching -= size;
            co_await pause(presence_settles);
            const auto left = env.sample();
            json line = json::object();
            line["scenario"] = "crowd_leave";
            line["wave"] = w + 1;
            line["left"] = size;
            line["watching"] = watching;
            line["leave_seconds"] = rounded(leave_seconds, 0.01);
            line["server_cpu_us_per_leave"] = rounded(cpu_between(cpu0, left) * 1e6 / size, 0.1);
            lines.push_back(std::move(line));
        }
        for (auto& w : watchers) w->conn().vanish();
    });
    const double dropped = metric_value(env.http, "carc_slow_clients_dropped_total");
    for (json& line : lines) {
        line["gate_timeouts"] = gate_timeouts;
        line["slow_clients_dropped"] = dropped;
    }
    return lines;
}

}  // namespace carc::load
