#pragma once
// The links in mails and the password reset (docs/protocol.md, "Notices"): unsubscribing from
// turn mails (GET shows a confirmation page, POST is RFC 8058's one click), confirming an
// e-mail address, asking for a password reset and setting the new password. The routes run on
// the blocking pool (the store and the password hash never run on an I/O thread).

#include "carc/storage/notice_store.hpp"
#include "http/http_accounts.hpp"

namespace carc::server {

// Needs the accounts service (shared_state::accounts).
void add_notice_routes(route_table& routes, shared_state& state, storage::NoticeStore& notices);

}  // namespace carc::server
