#pragma once
// GET /api/games and /api/games/{id}, answered off the I/O threads. The rooms' strands run on
// those threads, and a read may query the store or replay an adjourned game through the engine,
// so anonymous readers would otherwise delay every game's moves. Reads run on the blocking
// pool; a record that no longer changes (finished, or adjourned until resumed)
// is kept as text (record_cache) and then answered at once. At most `max_waiting` reads wait for
// the reader; more are answered 503 at once.

#include <atomic>
#include <functional>
#include <string_view>

#include <boost/beast/http.hpp>

#include "http/http_games.hpp"
#include "http/record_cache.hpp"

namespace carc::server {

class blocking_pool;
class route_table;
class metrics;

class game_reads {
public:
    using request = boost::beast::http::request<boost::beast::http::string_body>;
    using response = boost::beast::http::response<boost::beast::http::string_body>;

    static constexpr int max_waiting = 64;
    static constexpr std::size_t cache_bytes = 64 * 1024 * 1024;

    // The pool must be stopped (its reads finished) before this goes.
    game_reads(game_sources sources, metrics& counters, blocking_pool& pool);
    game_reads(const game_reads&) = delete;
    game_reads& operator=(const game_reads&) = delete;

    // GET /api/games and GET /api/games/{id}.
    void add_routes(route_table& routes);
    // Answers `req`: at once on this thread (a kept record, or too many waiting) or later on the
    // reader's; `done` must not assume either.
    void answer(const request& req, std::function<void(response)> done);

    record_cache& cache() { return cache_; }

private:
    response read(const request& req);  // on the reader thread

    game_sources sources_;
    metrics& counters_;
    record_cache cache_{cache_bytes};
    std::atomic<int> waiting_{0};
    blocking_pool& pool_;
};

}  // namespace carc::server
