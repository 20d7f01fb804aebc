#pragma once
// The address a request comes from, as the limits and caps count it (docs/accounts.md,
// "Limits"). Behind a reverse proxy every connection comes from the proxy; only when the
// connection comes from the operator's trusted proxy (--trusted-proxy) is the client's own
// address taken from X-Forwarded-For: the last entry, the one that proxy appended (entries
// before it are whatever the client sent, and anyone can send anything).

#include <string>
#include <string_view>

namespace carc::server {

// `peer` is the connection's address; `trusted_proxy` empty when there is none.
std::string client_address(const std::string& peer, std::string_view forwarded_for, const std::string& trusted_proxy);

// Whether the connection from `peer` comes from the trusted proxy.
bool is_trusted_proxy(const std::string& peer, const std::string& trusted_proxy);

// Whether `text` is an IPv4 or IPv6 address (what --trusted-proxy takes).
bool is_ip_address(std::string_view text);

// An address as people read it: an IPv4 address reached over IPv6 ("::ffff:203.0.113.7") as
// IPv4; anything that is no address as it is.
std::string plain_address(std::string_view text);

}  // namespace carc::server
