#pragma once
// The transfers notices make with libcurl (Debian's libcurl4-openssl-dev): a mail handed to
// the operator's SMTP server, a webhook's POST and a Web Push message's POST. Each blocks until done or timed out, so
// they run on the notices' own thread only. Each returns nullopt on success, else what failed.

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace carc::server::notices {

// Once per process, before any transfer (libcurl's global set-up is not thread-safe).
void init_curl();

// `message` is the whole mail (headers, blank line, body; CRLF line ends).
std::optional<std::string> send_mail(const std::string& smtp_url, const std::string& from, const std::string& to,
                                     const std::string& message);

// POSTs `json_body` to `url`. Unless `allow_private`, refuses to connect to a loopback,
// private or link-local address, whatever name led there (checked on the address resolved).
// Given up within a second once `abandon` is set (the server stops; a host that never answers
// must not hold up its stopping), and after timeout_seconds anyway.
std::optional<std::string> post_webhook(const std::string& url, const std::string& json_body, bool allow_private,
                                        const std::atomic<bool>& abandon);

// A push service's answer: its HTTP status, or what failed before there was one (status 0).
struct push_answer {
    long status = 0;
    std::string error;
};
// POSTs an encrypted push message (RFC 8030) to a subscription's endpoint with `headers`
// ("Name: value"); the address rule and `abandon` as for post_webhook.
push_answer post_push(const std::string& endpoint, const std::vector<std::string>& headers, const std::string& body,
                      bool allow_private, const std::atomic<bool>& abandon);

}  // namespace carc::server::notices
