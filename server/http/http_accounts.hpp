#pragma once
// The accounts' HTTP API (docs/protocol.md, "Accounts"): /api/accounts, /api/sessions,
// /api/sessions/end and /api/me/... . JSON in and out; answered on the account workers (the
// password hash and the store never run on an I/O thread), the answer handed to `done` there.

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/http.hpp>

namespace carc::server {

class shared_state;

using http_request = boost::beast::http::request<boost::beast::http::string_body>;
using http_answer = boost::beast::http::response<boost::beast::http::string_body>;

bool is_account_path(std::string_view path);
// The session secret a request carries: `Authorization: Bearer` (the terminal client) or the
// cookie (a browser); nullopt when none.
std::optional<std::string> presented_secret(const http_request& request);
// Why a request that changes something is refused as coming from another site; nullopt when it may.
std::optional<std::string> cross_site_refusal(const shared_state& state, const http_request& request);
// Whether answering `request` hashes a password (account and password-reset calls): such
// requests run on the hashing threads, and a full hashing queue refuses them with
// hashing_busy() (503, Retry-After) at once.
bool hashes_password(const http_request& request);
http_answer hashing_busy(const http_request& request);
// `address` is the client's, for the sign-in limit per address.
void answer_account_request(shared_state& state, http_request request, std::string address,
                            std::function<void(http_answer)> done);

}  // namespace carc::server
