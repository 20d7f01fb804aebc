#pragma once
// A person's own data over HTTP (docs/accounts.md, "Your own data"; docs/protocol.md,
// "Accounts"): GET /api/me/export, everything the server holds about the account as one JSON
// file (on the blocking pool, a few per account an hour), and DELETE /api/me, the account
// deleted once its password is given again (on the hashing threads, which check it).

#include "http/http_accounts.hpp"

namespace carc::server {

struct room_services;
class record_cache;
namespace accounts {
class account_service;
}

// `rooms`: what deleting an account resigns its seats in; `records`: finished games' records in
// memory, which show a deleted account's old name.
void add_own_data_routes(route_table& routes, accounts::account_service& accounts, room_services& rooms,
                         record_cache& records);

}  // namespace carc::server
