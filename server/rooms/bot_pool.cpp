// bot_pool: search bots on their own threads, taken in fair order, with the server's time
// limit and slice as stop predicate.
#include "rooms/bot_pool.hpp"

namespace carc::server {

bot_pool::bot_pool(settings how) : limit_(how.limit), slice_(how.slice), now_(std::move(how.now)) {
    const int threads = how.threads < 1 ? 1 : how.threads;
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

void bot_pool::work_loop() {
    for (;;) {
        work_fn work;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;
            work = std::move(*queue_.pop());
            waiting_ = queue_.size();
        }
        const clock::time_point started = now();
        work([this, started] { return stopping_ || out_of_time(started, now(), waiting_.load(), limit_, slice_); });
    }
}

}  // namespace carc::server
