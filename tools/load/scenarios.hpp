#pragma once
// The scenarios of issue 14 and what they share: where the server is, how to read its CPU and
// memory, and small coroutine helpers. Each scenario returns the JSON line carc-load prints.

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <nlohmann/json.hpp>

#include "http_fetch.hpp"
#include "options.hpp"
#include "server_child.hpp"

namespace carc::load {

using nlohmann::json;

struct scenario_env {
    const options& opt;
    boost::asio::ip::tcp::endpoint ws;
    http_target http;
    pid_t pid = 0;                  // 0: CPU and memory unknown
    server_child* child = nullptr;  // null with --url
    bool has_adjourn = false;       // the server knows --adjourn-after

    std::optional<process_sample> sample() const { return pid > 0 ? sample_process(pid) : std::nullopt; }
    // Re-reads the port after the child restarted.
    void refresh_endpoint();
};

json run_room(scenario_env& env);
// Two lines: watching one game, then leaving one by one.
std::vector<json> run_spectators(scenario_env& env);
// Lines per wave: a crowd joining, watching the host's moves, leaving.
std::vector<json> run_crowd(scenario_env& env);
json run_rooms(scenario_env& env);
json run_abandoned(scenario_env& env);
json run_slow_reader(scenario_env& env);
json run_idle(scenario_env& env);

// Runs `scenario` (a callable returning awaitable<void>) on `ioc` until it ends; rethrows.
template <typename Scenario>
void run_to_end(boost::asio::io_context& ioc, Scenario scenario) {
    std::exception_ptr failure;
    bool done = false;
    boost::asio::co_spawn(ioc, std::move(scenario), [&](std::exception_ptr e) {
        failure = e;
        done = true;
        ioc.stop();  // connections still open must not keep run() going
    });
    ioc.run();
    if (failure) std::rethrow_exception(failure);
    if (!done) throw std::runtime_error("the scenario did not finish");
}

// Runs body(i) for i in [0, n) with at most `width` at a time; rethrows the first failure.
boost::asio::awaitable<void> for_each_limited(int n, int width,
                                              std::function<boost::asio::awaitable<void>(int)> body);

// Sleeps on the io_context (other coroutines go on).
boost::asio::awaitable<void> pause(std::chrono::milliseconds duration);

// The difference of two samples, or null when either is missing.
json cpu_seconds_between(const std::optional<process_sample>& a, const std::optional<process_sample>& b);
json rss_kb(const std::optional<process_sample>& s);

}  // namespace carc::load
