#pragma once
// The links in mails and the password reset (docs/protocol.md, "Notices"): unsubscribing from
// turn mails (GET shows a confirmation page, POST is RFC 8058's one click), confirming an
// e-mail address, asking for a password reset and setting the new password. The pages the links
// open are link_pages'. The routes run on the blocking pool (the store and the password hash
// never run on an I/O thread).

#include "carc/storage/notice_store.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

namespace accounts {
class account_service;
}
namespace notices {
class notice_service;
}

// `sender` is null when the server sends no notices: a reset is then asked for in vain.
void add_notice_routes(route_table& routes, accounts::account_service& accounts, storage::NoticeStore& notices,
                       notices::notice_service* sender);

}  // namespace carc::server
