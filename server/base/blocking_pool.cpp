#include "base/blocking_pool.hpp"

#include <pthread.h>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

namespace carc::server {

blocking_pool::blocking_pool(std::size_t threads, std::size_t max_waiting, pool_counters& counters)
    : max_waiting_(max_waiting), counters_(counters), context_(static_cast<int>(threads)), guard_(context_.get_executor()) {
    threads = std::max<std::size_t>(1, threads);
    counters_.threads = threads;
    for (std::size_t i = 0; i < threads; ++i) {
        threads_.emplace_back([this] {
            pthread_setname_np(pthread_self(), "carc-blocking");
            context_.run();
        });
    }
}

blocking_pool::~blocking_pool() { stop(); }

bool blocking_pool::try_post(std::function<void()> work) {
    if (counters_.waiting.fetch_add(1) >= static_cast<std::int64_t>(max_waiting_)) {
        counters_.waiting.fetch_sub(1);
        counters_.refused_total.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    boost::asio::post(context_, [this, work = std::move(work)] { run_one(work); });
    return true;
}

void blocking_pool::post(std::function<void()> work) {
    counters_.waiting.fetch_add(1);
    boost::asio::post(context_, [this, work = std::move(work)] { run_one(work); });
}

void blocking_pool::run_one(const std::function<void()>& work) {
    counters_.waiting.fetch_sub(1);
    counters_.running.fetch_add(1);
    try {
        work();
    } catch (const std::exception& e) {
        spdlog::error("event=blocking_work_failed error=\"{}\"", e.what());
    }
    counters_.running.fetch_sub(1);
    counters_.done_total.fetch_add(1, std::memory_order_relaxed);
}

void blocking_pool::stop() {
    guard_.reset();
    for (auto& t : threads_)
        if (t.joinable()) t.join();
    threads_.clear();
}

}  // namespace carc::server
