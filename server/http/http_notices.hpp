#pragma once
// The links in mails and the password reset (docs/protocol.md, "Notices"): unsubscribing from
// turn mails (GET shows a confirmation page, POST is RFC 8058's one click), confirming an
// e-mail address, asking for a password reset and setting the new password. Answered on the
// account workers (the store and the password hash never run on an I/O thread).

#include <functional>
#include <string>
#include <string_view>

#include "http/http_accounts.hpp"

namespace carc::server {

bool is_notice_path(std::string_view path);
void answer_notice_request(shared_state& state, http_request request, std::string address,
                           std::function<void(http_answer)> done);

}  // namespace carc::server
