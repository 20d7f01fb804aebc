// The playing scenarios: one room with a few spectators, one game with many spectators (and
// their leaving one by one), many rooms at once.
#include <algorithm>
#include <memory>
#include <vector>

#include "latency.hpp"
#include "room_host.hpp"
#include "scenarios.hpp"

namespace carc::load {

namespace net = boost::asio;
using std::chrono::duration;

namespace {

// Seat 0 the host, seat 1 a random bot, no clock: the room.
const json host_and_bot = {{"seats", 2}, {"bots", json::array({{{"seat", 1}, {"kind", "random"}}})}};

double seconds_since(steady::time_point t) { return duration<double>(steady::now() - t).count(); }

// Server CPU, accepted actions and the client's CPU over a stretch of play.
struct meter {
    explicit meter(const scenario_env& e) : env(e) {}

    const scenario_env& env;
    double cpu = 0;
    double accepted = 0;
    double client_cpu = 0;
    double wall = 0;
    double commits = 0;  // journal transactions (group commit), when the server counts them
    double writes = 0;

    std::optional<process_sample> cpu0{};
    double accepted0 = 0;
    double client0 = 0;
    double commits0 = 0;
    double writes0 = 0;
    steady::time_point t0{};

    void begin() {
        cpu0 = env.sample();
        accepted0 = metric_value(env.http, "carc_actions_accepted_total");
        client0 = own_cpu_seconds();
        commits0 = metric_value(env.http, "carc_journal_commits_total");
        writes0 = metric_value(env.http, "carc_journal_writes_total");
        t0 = steady::now();
    }
    void end() {
        wall += seconds_since(t0);
        const auto cpu1 = env.sample();
        if (cpu0 && cpu1) cpu += cpu1->cpu_seconds - cpu0->cpu_seconds;
        accepted += metric_value(env.http, "carc_actions_accepted_total") - accepted0;
        client_cpu += own_cpu_seconds() - client0;
        if (commits0 >= 0) {
            commits += metric_value(env.http, "carc_journal_commits_total") - commits0;
            writes += metric_value(env.http, "carc_journal_writes_total") - writes0;
        }
    }
    // The common fields of a playing scenario's line.
    void report(json& line, const play_stats& stats) const {
        const auto host_actions = static_cast<double>(stats.host_actions);
        const auto round = [](double v, double unit) { return std::round(v / unit) / (1 / unit); };
        line["seconds"] = round(wall, 0.01);
        line["host_actions"] = stats.host_actions;
        line["accepted_actions"] = accepted;
        line["host_actions_per_s"] = round(host_actions / wall, 0.1);
        line["accepted_actions_per_s"] = round(accepted / wall, 0.1);
        line["ack_ms"] = summary(stats.ack_ms);
        line["broadcast_ms"] = summary(stats.broadcast_ms);
        if (env.pid > 0 && stats.host_actions > 0) {
            line["server_cpu_s"] = round(cpu, 0.01);
            line["server_cpu_ms_per_host_action"] = round(cpu * 1000 / host_actions, 0.001);
            line["server_cpu_ms_per_action"] = accepted > 0 ? json(round(cpu * 1000 / accepted, 0.001)) : json(nullptr);
            // A turn is a tile laid, the host's or the bot's, with what follows it.
            line["turns"] = stats.turns;
            line["server_cpu_ms_per_turn"] = stats.turns > 0 ? json(round(cpu * 1000 / static_cast<double>(stats.turns), 0.001)) : json(nullptr);
        }
        line["client_cpu_s"] = round(client_cpu, 0.01);
        if (commits > 0) line["journal_writes_per_commit"] = round(writes / commits, 0.01);
        line["refused"] = stats.refused;
        if (stats.refused > 0) line["first_refusal"] = stats.first_refusal;
    }
};

}  // namespace

net::awaitable<void> for_each_limited(int n, int width, std::function<net::awaitable<void>(int)> body) {
    auto ex = co_await net::this_coro::executor;
    int next = 0;
    int running = 0;
    std::exception_ptr failure;
    net::steady_timer done(ex, steady::time_point::max());
    for (int w = 0; w < std::min(n, width); ++w) {
        ++running;
        net::co_spawn(
            ex,
            [&]() -> net::awaitable<void> {
                while (next < n && !failure) co_await body(next++);
            },
            [&](std::exception_ptr e) {
                if (e && !failure) failure = e;
                if (--running == 0) done.cancel();
            });
    }
    while (running > 0) {
        boost::system::error_code ec;
        co_await done.async_wait(net::redirect_error(net::use_awaitable, ec));
    }
    if (failure) std::rethrow_exception(failure);
}

net::awaitable<void> pause(std::chrono::milliseconds duration) {
    net::steady_timer timer(co_await net::this_coro::executor, duration);
    co_await timer.async_wait(net::use_awaitable);
}

json cpu_seconds_between(const std::optional<process_sample>& a, const std::optional<process_sample>& b) {
    if (!a || !b) return nullptr;
    return std::round((b->cpu_seconds - a->cpu_seconds) * 100) / 100;
}

json rss_kb(const std::optional<process_sample>& s) { return s ? json(s->rss_kb) : json(nullptr); }

json run_room(scenario_env& env) {
    const options& opt = env.opt;
    net::io_context ioc;
    play_stats stats;
    room_host host(ioc, opt.seed, stats);
    host.send_whole_turns(opt.whole_turns);
    std::vector<std::unique_ptr<spectator>> watchers;
    for (int i = 0; i < opt.room_spectators; ++i) watchers.push_back(std::make_unique<spectator>(ioc, stats));
    meter m(env);
    int games = 0;
    std::optional<process_sample> rss_before, rss_after;

    run_to_end(ioc, [&]() -> net::awaitable<void> {
        rss_before = env.sample();
        co_await host.connect(env.ws, "Host");
        for (std::size_t i = 0; i < watchers.size(); ++i)
            co_await watchers[i]->connect(env.ws, "Watcher " + std::to_string(i));
        // Games back to back until enough play; only the play itself is measured.
        while (m.wall < opt.seconds) {
            co_await host.open_room(host_and_bot);
            for (auto& w : watchers) co_await w->watch(host);
            m.begin();
            stats.recording = true;
            co_await host.start();
            co_await host.play();
            stats.recording = false;
            m.end();
            ++games;
            for (auto& w : watchers) co_await w->leave();
            json leave = {{"type", "leave"}, {"room", host.room()}};
            co_await host.conn().request(std::move(leave));
        }
        rss_after = env.sample();
    });

    json line = {{"scenario", "room"}, {"spectators", opt.room_spectators}, {"games", games}};
    m.report(line, stats);
    line["rss_kb_before"] = rss_kb(rss_before);
    line["rss_kb_after"] = rss_kb(rss_after);
    return line;
}

std::vector<json> run_spectators(scenario_env& env) {
    const options& opt = env.opt;
    net::io_context ioc;
    play_stats stats;
    room_host host(ioc, opt.seed, stats);
    host.send_whole_turns(opt.whole_turns);
    std::vector<std::unique_ptr<spectator>> watchers;
    for (int i = 0; i < opt.spectators; ++i) watchers.push_back(std::make_unique<spectator>(ioc, stats));
    meter m(env);
    std::optional<process_sample> rss_before, rss_watching, leave0, leave_half, leave1;
    double join_seconds = 0;
    double leave_seconds = 0;

    run_to_end(ioc, [&]() -> net::awaitable<void> {
        rss_before = env.sample();
        co_await host.connect(env.ws, "Host");
        co_await host.open_room(host_and_bot);
        const auto joining = steady::now();
        co_await for_each_limited(opt.spectators, 32, [&](int i) -> net::awaitable<void> {
            co_await watchers[static_cast<std::size_t>(i)]->connect(env.ws, "Watcher " + std::to_string(i));
            co_await watchers[static_cast<std::size_t>(i)]->watch(host);
        });
        join_seconds = seconds_since(joining);
        m.begin();
        stats.recording = true;
        co_await host.start();
        co_await host.play(opt.spectator_moves);
        stats.recording = false;
        m.end();
        rss_watching = env.sample();
        // One by one: each leave is answered before the next is sent.
        const auto leaving = steady::now();
        leave0 = env.sample();
        for (int i = 0; i < opt.spectators; ++i) {
            co_await watchers[static_cast<std::size_t>(i)]->leave();
            if (i + 1 == opt.spectators / 2) leave_half = env.sample();
        }
        leave1 = env.sample();
        leave_seconds = seconds_since(leaving);
    });

    json watching = {{"scenario", "spectators"}, {"spectators", opt.spectators}};
    m.report(watching, stats);
    watching["join_seconds"] = std::round(join_seconds * 100) / 100;
    watching["rss_kb_before"] = rss_kb(rss_before);
    watching["rss_kb_after"] = rss_kb(rss_watching);

    json leaving = {{"scenario", "spectators_leave"},
                    {"spectators", opt.spectators},
                    {"seconds", std::round(leave_seconds * 100) / 100},
                    {"server_cpu_s", cpu_seconds_between(leave0, leave1)}};
    if (leave0 && leave_half && leave1) {
        // Linear total cost means the same cost per leave in both halves.
        const int first = opt.spectators / 2;
        const int second = opt.spectators - first;
        leaving["server_cpu_ms_per_leave_first_half"] =
            std::round((leave_half->cpu_seconds - leave0->cpu_seconds) * 1e6 / first) / 1000;
        leaving["server_cpu_ms_per_leave_second_half"] =
            std::round((leave1->cpu_seconds - leave_half->cpu_seconds) * 1e6 / second) / 1000;
    }
    leaving["rss_kb_after"] = rss_kb(leave1);
    return {watching, leaving};
}

json run_rooms(scenario_env& env) {
    const options& opt = env.opt;
    net::io_context ioc;
    play_stats stats;
    std::vector<std::unique_ptr<room_host>> hosts;
    std::vector<std::unique_ptr<spectator>> watchers;
    for (int i = 0; i < opt.rooms; ++i) {
        hosts.push_back(std::make_unique<room_host>(ioc, opt.seed + static_cast<std::uint64_t>(i), stats));
        hosts.back()->send_whole_turns(opt.whole_turns);
    }
    for (int i = 0; i < opt.rooms * opt.rooms_spectators; ++i) watchers.push_back(std::make_unique<spectator>(ioc, stats));
    meter m(env);
    std::optional<process_sample> rss_before, rss_after;
    bool ended_by_game_over = false;

    run_to_end(ioc, [&]() -> net::awaitable<void> {
        rss_before = env.sample();
        co_await for_each_limited(opt.rooms, 16, [&](int r) -> net::awaitable<void> {
            room_host& host = *hosts[static_cast<std::size_t>(r)];
            co_await host.connect(env.ws, "Host " + std::to_string(r));
            co_await host.open_room(host_and_bot);
            for (int s = 0; s < opt.rooms_spectators; ++s) {
                spectator& w = *watchers[static_cast<std::size_t>(r * opt.rooms_spectators + s)];
                co_await w.connect(env.ws, "Watcher " + std::to_string(r) + "." + std::to_string(s));
                co_await w.watch(host);
            }
            co_await host.start();
        });
        // Every room plays at once; the window closes after --seconds or when the first game
        // ends, so that every room is playing all the time it is measured.
        net::steady_timer window(co_await net::this_coro::executor,
                                 std::chrono::milliseconds(static_cast<std::int64_t>(opt.seconds * 1000)));
        if (opt.rooms_rate > 0) {
            const std::chrono::duration<double> interval(opt.rooms / opt.rooms_rate);
            for (int r = 0; r < opt.rooms; ++r)
                hosts[static_cast<std::size_t>(r)]->pace(
                    std::chrono::duration_cast<steady::duration>(interval),
                    std::chrono::duration_cast<steady::duration>(interval * r / opt.rooms));
        }
        m.begin();
        stats.recording = true;
        int playing = opt.rooms;
        std::exception_ptr failure;
        for (auto& host : hosts) {
            net::co_spawn(
                ioc, [&, h = host.get()]() -> net::awaitable<void> {
                    if (co_await h->play() && stats.recording) {
                        ended_by_game_over = true;
                        window.cancel();
                    }
                },
                [&](std::exception_ptr e) {
                    if (e && !failure) failure = e;
                    if (--playing == 0 || e) window.cancel();
                });
        }
        boost::system::error_code ec;
        co_await window.async_wait(net::redirect_error(net::use_awaitable, ec));
        stats.recording = false;
        m.end();
        rss_after = env.sample();
        for (auto& host : hosts) host->stop();
        while (playing > 0 && !failure) co_await pause(std::chrono::milliseconds(10));
        if (failure) std::rethrow_exception(failure);
    });

    json line = {{"scenario", "rooms"},
                 {"rooms", opt.rooms},
                 {"spectators_per_room", opt.rooms_spectators},
                 {"paced_host_actions_per_s", opt.rooms_rate},
                 {"window_closed_by", ended_by_game_over ? "first game over" : "time"}};
    m.report(line, stats);
    line["rss_kb_before"] = rss_kb(rss_before);
    line["rss_kb_after"] = rss_kb(rss_after);
    return line;
}

}  // namespace carc::load
