// The bot pool's order and time slices: one person's many searches cannot make another
// person's bot wait behind them. Driven with fake jobs and a fake clock, never timed.
#include <catch2/catch.hpp>

#include <atomic>
#include <future>
#include <mutex>
#include <string>
#include <vector>

#include "rooms/bot_pool.hpp"
#include "rooms/fair_queue.hpp"

using carc::server::bot_pool;
using carc::server::fair_queue;
using namespace std::chrono_literals;

TEST_CASE("the fair queue takes people in turn, then their rooms in turn", "[server][bots]") {
    fair_queue<std::string> queue;
    queue.push("stranger", "a1", "a1 first");
    queue.push("stranger", "a1", "a1 second");
    queue.push("stranger", "a2", "a2");
    queue.push("stranger", "a3", "a3");
    queue.push("player", "b1", "b1");
    CHECK(queue.size() == 5);
    std::vector<std::string> order;
    while (auto job = queue.pop()) order.push_back(*job);
    // First come, first served would put b1 last, behind all of the stranger's searches.
    CHECK(order == std::vector<std::string>{"a1 first", "b1", "a2", "a3", "a1 second"});
    CHECK(queue.empty());
}

TEST_CASE("a search answers at its limit, or at its slice while others wait", "[server][bots]") {
    const auto start = bot_pool::clock::time_point{} + 1h;
    CHECK_FALSE(bot_pool::out_of_time(start, start + 249ms, 5, 3000ms, 250ms));
    CHECK(bot_pool::out_of_time(start, start + 250ms, 1, 3000ms, 250ms));
    CHECK_FALSE(bot_pool::out_of_time(start, start + 2999ms, 0, 3000ms, 250ms));  // alone: the whole limit
    CHECK(bot_pool::out_of_time(start, start + 3000ms, 0, 3000ms, 250ms));
}

TEST_CASE("another person's bot runs next, not behind thirty rooms of someone's searches", "[server][bots]") {
    bot_pool pool(bot_pool::settings{1, 3000ms, 250ms, {}});
    std::mutex mutex;
    std::vector<std::string> order;
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::promise<void> all_done;
    const int stranger_rooms = 30;
    std::atomic<int> remaining = stranger_rooms + 2;
    auto job = [&](std::string name) {
        return [&, name](const bot_pool::stop_fn&) {
            if (name == "gate") released.wait();  // holds the only thread until everything is queued
            {
                std::lock_guard lock(mutex);
                order.push_back(name);
            }
            if (--remaining == 0) all_done.set_value();
        };
    };
    pool.run("gate", "g", job("gate"));
    for (int i = 0; i < stranger_rooms; ++i) pool.run("stranger", "s" + std::to_string(i), job("s" + std::to_string(i)));
    pool.run("player", "p", job("easy"));
    release.set_value();
    all_done.get_future().wait();
    REQUIRE(order.size() == static_cast<std::size_t>(stranger_rooms + 2));
    CHECK(order[0] == "gate");
    CHECK(order[1] == "s0");
    CHECK(order[2] == "easy");  // first come, first served would run it last
}

TEST_CASE("a running search is told to stop at its slice once another search waits", "[server][bots]") {
    std::atomic<std::int64_t> now_ms{0};
    bot_pool pool(bot_pool::settings{1, 3000ms, 250ms, [&] { return bot_pool::clock::time_point{} + std::chrono::milliseconds(now_ms.load()); }});
    std::promise<void> started, checked_alone, other_queued, checked_with_other;
    std::promise<bool> alone_result, with_other_result;
    pool.run("stranger", "s", [&](const bot_pool::stop_fn& stop) {
        started.set_value();
        checked_alone.get_future().wait();
        alone_result.set_value(stop());
        other_queued.get_future().wait();
        with_other_result.set_value(stop());
    });
    started.get_future().wait();
    const std::int64_t t0 = now_ms.load();
    now_ms = t0 + 1000;  // past the slice, before the limit, nobody waiting: go on thinking
    checked_alone.set_value();
    CHECK_FALSE(alone_result.get_future().get());
    std::promise<void> other_ran;
    pool.run("player", "p", [&](const bot_pool::stop_fn&) { other_ran.set_value(); });
    CHECK(pool.waiting() == 1);
    other_queued.set_value();
    CHECK(with_other_result.get_future().get());  // someone waits: answer now
    other_ran.get_future().wait();
}
