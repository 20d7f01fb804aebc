// bot_pool: search bots on their own threads, with the server's time limit as stop predicate.
#include "rooms/bot_pool.hpp"

#include <boost/asio/post.hpp>

namespace carc::server {

bot_pool::bot_pool(int threads, std::chrono::milliseconds limit)
    : pool_(static_cast<std::size_t>(threads < 1 ? 1 : threads)), limit_(limit) {}

bot_pool::~bot_pool() {
    stop();
    pool_.join();
}

void bot_pool::stop() { stopping_ = true; }

void bot_pool::think(BotKind kind, std::shared_ptr<const Game> game, const State& state, std::uint64_t seed,
                     std::function<void(Action)> done) {
    boost::asio::post(pool_, [this, kind, game = std::move(game), state, seed, done = std::move(done)] {
        if (stopping_) return;
        const auto deadline = std::chrono::steady_clock::now() + limit_;
        // The engine never reads a clock: the limit reaches it as this predicate.
        auto stop = [this, deadline] { return stopping_ || std::chrono::steady_clock::now() >= deadline; };
        Rng rng(seed);
        const Action action = choose(kind, state, rng, stop);
        if (!stopping_) done(action);
    });
}

}  // namespace carc::server
