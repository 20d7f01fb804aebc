#include "http/game_reads.hpp"

#include <boost/asio/post.hpp>

#include "base/blocking_pool.hpp"
#include "base/metrics.hpp"
#include "rooms/lobby.hpp"
#include "http/http_games.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"

namespace carc::server {

namespace http = boost::beast::http;

namespace {

constexpr std::string_view games_path = "/api/games";
constexpr std::uint64_t never_kept = ~0ull;  // a version no kept text has

struct split_target {
    std::string_view path;
    std::string_view query;
};

split_target split(const game_reads::request& req) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto mark = target.find('?');
    if (mark == std::string_view::npos) return {target, {}};
    return {target.substr(0, mark), target.substr(mark + 1)};
}

// The game id of /api/games/{id}; empty for the list.
std::string game_id(std::string_view path) {
    if (path.size() <= games_path.size() + 1) return {};
    return std::string(path.substr(games_path.size() + 1));
}

// The version of `id`'s record that a kept text must have: the current adjournment when the
// game is adjourned, else `finished` (a running or missing game never has a kept text).
// With several nodes another node may resume the game, so adjourned records are not kept.
std::uint64_t wanted_version(const game_sources& state, const std::string& id) {
    if (const auto adjournment = state.rooms.adjournment(id)) return state.cluster ? never_kept : *adjournment;
    return record_cache::finished;
}

}  // namespace

game_reads::game_reads(game_sources sources, metrics& counters, blocking_pool& pool)
    : sources_(sources), counters_(counters), pool_(pool) {}

void game_reads::add_routes(route_table& routes) {
    const auto handler = [this](const route_call& rc, http_reply reply) { answer(rc.request, std::move(reply)); };
    // Cheap on the I/O thread (a kept record, or a refusal); a read goes to the blocking pool.
    routes.add({http::verb::get, std::string(games_path), handler, access::anyone, runs_on::io});
    routes.add({http::verb::get, std::string(games_path) + "/{id}", handler, access::anyone, runs_on::io});
}

void game_reads::answer(const request& req, std::function<void(response)> done) {
    const std::string id = game_id(split(req).path);
    if (!id.empty()) {
        if (auto kept = cache_.find(id, wanted_version(sources_, id))) {
            counters_.game_reads_cached.fetch_add(1, std::memory_order_relaxed);
            done(json_text_response(req, *kept));
            return;
        }
    }
    if (waiting_.fetch_add(1) >= max_waiting) {
        waiting_.fetch_sub(1);
        counters_.game_reads_refused.fetch_add(1, std::memory_order_relaxed);
        auto busy = json_text_response(req, R"({"error":"too many game reads are waiting; retry shortly"})",
                                       http::status::service_unavailable);
        busy.set(http::field::retry_after, "1");
        done(std::move(busy));
        return;
    }
    pool_.post([this, req, done = std::move(done)] {
        response res = read(req);
        waiting_.fetch_sub(1);
        done(std::move(res));
    });
}

game_reads::response game_reads::read(const request& req) {
    const auto [path, query] = split(req);
    const std::string id = game_id(path);
    // Read the version before the record, so a record kept under it is never newer than it says.
    const std::uint64_t version = id.empty() ? record_cache::finished : wanted_version(sources_, id);
    counters_.game_reads.fetch_add(1, std::memory_order_relaxed);
    games_answer answer = answer_games_request(sources_, path, query);
    auto text = std::make_shared<const std::string>(std::move(answer.body));
    if (!id.empty() && answer.status == http::status::ok) {
        if ((answer.game == game_state::finished && version == record_cache::finished) ||
            (answer.game == game_state::adjourned && version != record_cache::finished && version != never_kept))
            cache_.put(id, version, text);
    }
    return json_text_response(req, *text, answer.status);
}

}  // namespace carc::server
