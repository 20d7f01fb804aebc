// Connections that say hello and then do nothing: what each costs the server in memory.
#include <memory>
#include <vector>

#include "scenarios.hpp"
#include "ws_conn.hpp"

namespace carc::load {

namespace net = boost::asio;

json run_idle(scenario_env& env) {
    const options& opt = env.opt;
    constexpr int warm_up = 50;  // first connections pay one-time costs (allocator arenas, buffers)
    net::io_context ioc;
    std::vector<std::shared_ptr<ws_conn>> conns;
    std::optional<process_sample> fresh, before, after;
    double open_after = 0;

    const auto connect = [&](int i) -> net::awaitable<void> {
        auto conn = std::make_shared<ws_conn>(ioc, false);
        conns.push_back(conn);
        co_await conn->connect(env.ws);
        co_await conn->hello("Idle " + std::to_string(i));
    };
    run_to_end(ioc, [&]() -> net::awaitable<void> {
        fresh = env.sample();
        co_await for_each_limited(warm_up, 16, connect);
        co_await pause(std::chrono::milliseconds(200));
        before = env.sample();
        co_await for_each_limited(opt.idle, 64, [&](int i) { return connect(warm_up + i); });
        co_await pause(std::chrono::milliseconds(500));  // let the server settle its buffers
        after = env.sample();
        open_after = metric_value(env.http, "carc_connections_open");
        for (auto& c : conns) c->vanish();
    });

    json line = {{"scenario", "idle"},
                 {"connections", opt.idle},
                 {"connections_open", open_after},
                 {"rss_kb_fresh", rss_kb(fresh)},
                 {"rss_kb_before", rss_kb(before)},
                 {"rss_kb_after", rss_kb(after)}};
    if (before && after)
        line["kb_per_connection"] =
            std::round(static_cast<double>(after->rss_kb - before->rss_kb) * 100 / opt.idle) / 100;
    return line;
}

}  // namespace carc::load
