#pragma once
// Every HTTP endpoint in one table (docs/architecture.md, "Add an HTTP endpoint"): its method,
// its path pattern, its handler, whether it needs a signed-in session, whether it may run on an
// I/O thread, and the largest body it takes. The table does once what every endpoint needs: the
// match, 404 and 405, the cross-site check on calls that change something, the session lookup,
// and the hop to the blocking pool and back. The network layer hands it requests and knows no
// paths.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/http.hpp>

#include "accounts/account_service.hpp"

namespace carc::server {

class blocking_pool;
struct server_config;

using http_request = boost::beast::http::request<boost::beast::http::string_body>;
using http_answer = boost::beast::http::response<boost::beast::http::string_body>;

// What a handler is given.
struct route_call {
    const http_request& request;
    std::string_view path;   // the target without its query
    std::string_view query;  // what follows '?', may be empty
    // The pattern's {name} parts, percent-decoded.
    const std::map<std::string, std::string, std::less<>>& params;
    const std::string& address;  // the client's
    // Set for routes that need a session: the session, its account and the secret presented.
    const accounts::signed_in* me = nullptr;
    const std::string* secret = nullptr;

    const std::string& param(std::string_view name) const;
    // The percent-decoded value of `name` in the query; nullopt when absent or malformed.
    std::optional<std::string> query_value(std::string_view name) const;
};

// A handler answers through `reply`, at once or later from any thread, exactly once.
using http_reply = std::function<void(http_answer)>;
using route_handler = std::function<void(const route_call&, http_reply)>;

enum class access { anyone, signed_in };
// io: cheap and never waits (a counter, a list in memory); blocking: may wait on the store or a
// hash, so it runs on the blocking pool.
enum class runs_on { io, blocking };

struct route {
    boost::beast::http::verb method;  // GET routes answer HEAD too
    std::string pattern;              // "/api/me/sessions/{id}"; a {name} is one path segment
    route_handler handler;
    access who = access::anyone;
    runs_on where = runs_on::blocking;
    std::size_t body_limit = 16 * 1024;
    // Calls that change something refuse another site's page (docs/accounts.md); false only for
    // links opened from mail, which come from no page at all.
    bool same_site_only = true;
};

// A handler that answers at once: `fn(call)` returns the answer.
route_handler answer_with(std::function<http_answer(const route_call&)> fn);

class route_table {
public:
    // `accounts` null: routes that need a session answer 503 no_accounts.
    route_table(accounts::account_service* accounts, const server_config& config, blocking_pool& pool);

    void add(route r);
    // GET/HEAD requests no route matches (the browser client's files).
    void set_fallback(std::function<boost::beast::http::message_generator(const http_request&)> fallback);

    // Answers `request` through `done`, on this thread or a pool thread.
    void answer(http_request request, std::string address,
                std::function<void(boost::beast::http::message_generator)> done) const;

    // The path a WebSocket upgrade must ask for.
    static constexpr std::string_view websocket_path = "/ws";

private:
    struct compiled {
        route r;
        std::vector<std::string> segments;  // "{id}" marks a parameter
    };
    static std::optional<std::map<std::string, std::string, std::less<>>> match(const compiled& c,
                                                                                 std::string_view path);
    void run(const compiled& c, std::shared_ptr<http_request> request, std::string address,
             std::map<std::string, std::string, std::less<>> params, http_reply reply) const;

    accounts::account_service* accounts_;
    const server_config& config_;
    blocking_pool& pool_;
    std::vector<compiled> routes_;
    std::function<boost::beast::http::message_generator(const http_request&)> fallback_;
};

}  // namespace carc::server
