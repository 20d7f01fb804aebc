#pragma once
// A person's own data over HTTP (docs/accounts.md, "Your own data"; docs/protocol.md,
// "Accounts"): GET /api/me/export, everything the server holds about the account as one JSON
// file (on the blocking pool, a few per account an hour), and DELETE /api/me, the account
// deleted once its password is given again (on the hashing threads, which check it).

#include "http/http_accounts.hpp"

namespace carc::server {

void add_own_data_routes(route_table& routes, shared_state& state);

}  // namespace carc::server
