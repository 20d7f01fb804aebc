// bot_pool: search bots on their own threads, taken in fair order, with the server's time
// limit and slice as stop predicate.
#include "rooms/bot_pool.hpp"

namespace carc::server {

bot_pool::bot_pool(settings how) : limit_(how.limit), slice_(how.slice), now_(std::move(how.now)) {
    const int threads = how.threads < 1 ? 1 : how.threads;
    max_background_ = threads > 1 ? static_cast<std::size_t>(threads - 1) : 1;
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { work_loop(); });
}

bot_pool::~bot_pool() {
    stop();
    for (auto& thread : threads_) thread.join();
}

void bot_pool::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
}

bool bot_pool::out_of_time(clock::time_point started, clock::time_point now, std::size_t others_waiting,
                           std::chrono::milliseconds limit, std::chrono::milliseconds slice) {
    if (now >= started + limit) return true;
    return others_waiting > 0 && now >= started + slice;
}

void bot_pool::run(const std::string& owner, const std::string& room, work_fn work) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        queue_.push(owner, room, std::move(work));
        waiting_ = queue_.size();
    }
    wake_.notify_one();
}

void bot_pool::run_background(background_fn work) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        background_.push_back(std::move(work));
    }
    wake_.notify_one();
}

std::size_t bot_pool::background_waiting() const {
    std::lock_guard lock(mutex_);
    return background_.size();
}

void bot_pool::think(const std::string& owner, const std::string& room, BotKind kind,
                     std::shared_ptr<const Game> game, const State& state, std::uint64_t seed,
                     std::function<void(Action)> done) {
    run(owner, room, [this, kind, game = std::move(game), state, seed, done = std::move(done)](const stop_fn& stop) {
        Rng rng(seed);
        // The engine never reads a clock: the limit and the slice reach it as this predicate.
        const Action action = choose(kind, state, rng, stop);
        if (!stopping_) done(action);
    });
}

void bot_pool::run_search(work_fn& work) {
    const clock::time_point started = now();
    work([this, started] { return stopping_ || out_of_time(started, now(), waiting_.load(), limit_, slice_); });
}

void bot_pool::yield_to_searches() {
    for (;;) {
        work_fn work;
        {
            std::lock_guard lock(mutex_);
            if (stopping_) throw stopped{};
            if (queue_.empty()) return;
            work = std::move(*queue_.pop());
            waiting_ = queue_.size();
        }
        run_search(work);
    }
}

void bot_pool::work_loop() {
    for (;;) {
        work_fn work;
        background_fn background;
        {
            std::unique_lock lock(mutex_);
            // Background work only when no search waits, and never on every thread.
            wake_.wait(lock, [this] {
                return stopping_ || !queue_.empty() ||
                       (!background_.empty() && background_running_ < max_background_);
            });
            if (stopping_) return;
            if (!queue_.empty()) {
                work = std::move(*queue_.pop());
                waiting_ = queue_.size();
            } else {
                background = std::move(background_.front());
                background_.pop_front();
                ++background_running_;
            }
        }
        if (work) {
            run_search(work);
            continue;
        }
        try {
            background([this] { yield_to_searches(); });
        } catch (const stopped&) {
            // The server stops: the work ends where it was.
        }
        {
            std::lock_guard lock(mutex_);
            --background_running_;
        }
        wake_.notify_all();
    }
}

}  // namespace carc::server
