// Rooms that should leave memory (games whose host vanishes) and a reader that must keep up
// with many fast bot games.
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "room_host.hpp"
#include "scenarios.hpp"

namespace carc::load {

namespace net = boost::asio;

namespace {

// How many listed rooms are in each status, from GET /api/rooms.
json lobby_statuses(const http_target& http) {
    const json rooms = json::parse(http_get(http, "/api/rooms"), nullptr, false);
    std::map<std::string, int> counts;
    if (rooms.is_object() && rooms["rooms"].is_array())
        for (const json& r : rooms["rooms"]) ++counts[r.value("status", "?")];
    return counts;
}

double rooms_in_memory(const http_target& http) { return metric_value(http, "carc_rooms_open"); }

}  // namespace

json run_abandoned(scenario_env& env) {
    const options& opt = env.opt;
    json line = {{"scenario", "abandoned"},
                 {"games", opt.abandoned},
                 {"host_actions_each", opt.abandon_moves},
                 {"grace_ms", opt.grace_ms},
                 {"adjourn_after_ms", env.has_adjourn ? json(opt.adjourn_after_ms) : json(nullptr)}};
    play_stats stats;
    std::vector<std::string> tokens;
    std::vector<std::string> room_ids;
    {
        net::io_context ioc;
        std::vector<std::unique_ptr<room_host>> hosts;
        for (int i = 0; i < opt.abandoned; ++i)
            hosts.push_back(std::make_unique<room_host>(ioc, opt.seed + static_cast<std::uint64_t>(i), stats));
        run_to_end(ioc, [&]() -> net::awaitable<void> {
            co_await for_each_limited(opt.abandoned, 8, [&](int i) -> net::awaitable<void> {
                room_host& host = *hosts[static_cast<std::size_t>(i)];
                co_await host.connect(env.ws, "Leaver " + std::to_string(i));
                json settings = {{"seats", 2}, {"bots", json::array({{{"seat", 1}, {"kind", "random"}}})}};
                co_await host.open_room(std::move(settings));
                co_await host.start();
                co_await host.play(opt.abandon_moves);
                host.conn().vanish();
            });
        });
        for (auto& host : hosts) {
            tokens.push_back(host->token());
            room_ids.push_back(host->room());
        }
    }
    line["rooms_in_memory_at_vanish"] = rooms_in_memory(env.http);

    // Wait for the server to let go: its grace, then --adjourn-after, plus a margin.
    const int budget_ms = opt.grace_ms + (env.has_adjourn ? opt.adjourn_after_ms : 0) + 5000;
    const auto began = steady::now();
    while (rooms_in_memory(env.http) > 0 &&
           steady::now() - began < std::chrono::milliseconds(budget_ms))
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    line["waited_s"] = std::round(std::chrono::duration<double>(steady::now() - began).count() * 100) / 100;
    line["rooms_in_memory"] = rooms_in_memory(env.http);
    line["games_running_in_memory"] = metric_value(env.http, "carc_games_running");
    line["lobby"] = lobby_statuses(env.http);
    line["rss_kb"] = rss_kb(env.sample());
    if (!env.child) return line;

    // A restart must not bring them back into memory...
    env.child->restart();
    env.refresh_endpoint();
    line["rooms_in_memory_after_restart"] = rooms_in_memory(env.http);
    line["lobby_after_restart"] = lobby_statuses(env.http);
    // ... but a seated player's hello with the token does.
    net::io_context ioc;
    bool resumed = false;
    run_to_end(ioc, [&]() -> net::awaitable<void> {
        auto conn = std::make_shared<ws_conn>(ioc, true);
        co_await conn->connect(env.ws);
        bool snapshot = false;
        conn->on_message([&](std::string_view, const json* m, steady::time_point) {
            if (m && m->value("type", "") == "snapshot" && m->value("room", "") == room_ids[0]) snapshot = true;
        });
        json hello = {{"type", "hello"}, {"protocol", 1}, {"name", "Leaver 0"}, {"token", tokens[0]}};
        const json welcome = co_await conn->request(std::move(hello));
        const bool listed = welcome["rooms"].is_array() &&
                            std::find(welcome["rooms"].begin(), welcome["rooms"].end(), room_ids[0]) !=
                                welcome["rooms"].end();
        for (int i = 0; i < 100 && listed && !snapshot; ++i) co_await pause(std::chrono::milliseconds(50));
        resumed = listed && snapshot;
        conn->vanish();
    });
    line["resumed_by_hello"] = resumed;
    return line;
}

json run_slow_reader(scenario_env& env) {
    const options& opt = env.opt;
    net::io_context ioc;
    std::set<std::string> rooms, finished;
    std::size_t bytes = 0;
    std::int64_t frames = 0;
    bool closed_early = false;
    const auto began = steady::now();

    run_to_end(ioc, [&]() -> net::awaitable<void> {
        auto conn = std::make_shared<ws_conn>(ioc, true);
        co_await conn->connect(env.ws);
        conn->on_message([&](std::string_view text, const json* m, steady::time_point) {
            bytes += text.size();
            ++frames;
            if (!m || m->value("type", "") != "patch") return;
            for (const json& e : (*m)["events"])
                if (e.value("type", "") == "game_over") finished.insert(m->value("room", ""));
        });
        co_await conn->hello("Reader");
        const json bots = json::array({{{"seat", 0}, {"kind", "random"}}, {{"seat", 1}, {"kind", "random"}}});
        for (int i = 0; i < opt.slow_games; ++i) {
            json create = {{"type", "create_room"}, {"seats", 2}, {"bots", bots}};
            const json created = co_await conn->request(std::move(create));
            rooms.insert(created.at("room").get<std::string>());
        }
        for (const std::string& room : rooms) {
            json start = {{"type", "start"}, {"room", room}};
            const json reply = co_await conn->request(std::move(start));
            if (reply.value("type", "") != "ack") throw std::runtime_error("start: " + reply.dump());
        }
        while (finished.size() < rooms.size() && !conn->closed() &&
               steady::now() - began < std::chrono::minutes(5))
            co_await pause(std::chrono::milliseconds(20));
        closed_early = conn->closed() && finished.size() < rooms.size();
        conn->vanish();
    });

    return {{"scenario", "slow_reader"},
            {"games", opt.slow_games},
            {"bot_delay_ms", env.child ? json(opt.slow_bot_delay_ms) : json(nullptr)},
            {"games_finished_seen", finished.size()},
            {"dropped", closed_early},
            {"slow_clients_dropped_total", metric_value(env.http, "carc_slow_clients_dropped_total")},
            {"frames", frames},
            {"kb_read", bytes / 1024},
            {"seconds", std::round(std::chrono::duration<double>(steady::now() - began).count() * 100) / 100}};
}

}  // namespace carc::load
