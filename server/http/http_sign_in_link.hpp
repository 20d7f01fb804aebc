#pragma once
// Sign-in by a mailed link, and device tokens for the terminal client (docs/accounts.md,
// "Sign-in by a mailed link"; docs/protocol.md, "Accounts"):
// - POST /api/sign-in-link {account}: the asking browser gets a nonce cookie; a mail with a
//   one-time link goes to the account's confirmed address (the answer is the same whether the
//   account exists);
// - GET /api/sign-in-link?t=: opened in the browser that asked, within 15 minutes, once: signed
//   in (the session cookie) and sent on to the client;
// - POST /api/me/device-tokens {device?}: a new token session for the terminal client, made from
//   a signed-in page and listed with the sessions.

#include "carc/storage/notice_store.hpp"
#include "carc/storage/sign_in_link_store.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

namespace accounts {
class account_service;
}
namespace notices {
class notice_service;
}

// `notices` finds confirmed addresses; `sender` (null when the server sends no notices) mails
// the link; `config` says whether cookies are Secure.
void add_sign_in_link_routes(route_table& routes, const server_config& config, accounts::account_service& accounts,
                             storage::NoticeStore& notices, storage::SignInLinkStore& links,
                             notices::notice_service* sender);

}  // namespace carc::server
