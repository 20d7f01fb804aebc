#pragma once
// The accounts' HTTP API (docs/protocol.md, "Accounts"): /api/accounts, /api/sessions,
// /api/sessions/end and /api/me/... . JSON in and out; the routes run on the blocking pool (the
// password hash and the store never run on an I/O thread).

#include <optional>
#include <string>

#include <boost/beast/http.hpp>

namespace carc::storage {
class ModerationStore;
class NoticeStore;
class TurnStore;
}  // namespace carc::storage

namespace carc::server {

struct server_config;
class route_table;
class person_registry;
class lobby;
class cluster_node;
namespace accounts {
class account_service;
}
namespace notices {
class notice_service;
}

using http_request = boost::beast::http::request<boost::beast::http::string_body>;
using http_answer = boost::beast::http::response<boost::beast::http::string_body>;

// What the account routes use; each pointer is null when the server has no such part.
struct account_parts {
    const server_config& config;
    person_registry& persons;             // a guest's name and token, kept at sign-up
    lobby& rooms;                         // the rooms a person plays in (GET /api/me/games)
    accounts::account_service* accounts;  // none without a store: the routes answer 503 no_accounts
    cluster_node* cluster;                // more nodes: a new person is told to them
    notices::notice_service* sender;      // a new address gets its confirmation mail
    storage::ModerationStore* moderation; // bans refuse a sign-up or sign-in
    storage::NoticeStore* notices;        // the sessions' Web Push subscriptions
    storage::TurnStore* turns;            // vacation days left
};

// Sign-up, sign-in and the signed-in account's own resources.
void add_account_routes(route_table& routes, const account_parts& parts);

// The session secret a request carries: `Authorization: Bearer` (the terminal client) or the
// cookie (a browser); nullopt when none.
std::optional<std::string> presented_secret(const http_request& request);
// Why a request that changes something is refused as coming from another site; nullopt when it may.
std::optional<std::string> cross_site_refusal(const server_config& config, const http_request& request);
// Whether cookies are sent only over HTTPS: the server's public URL is https://.
bool secure_cookies(const server_config& config);
// Sets (or, with an empty secret, clears) the browser's session cookie on `res`.
void set_session_cookie(const server_config& config, http_answer& res, const std::string& secret);
// Whether answering `request` hashes a password (account and password-reset calls): such
// requests run on the hashing threads, and a full hashing queue refuses them with
// hashing_busy() (503, Retry-After) at once.
http_answer hashing_busy(const http_request& request);

}  // namespace carc::server
