#pragma once
// The operator's VAPID subject (--vapid-subject, RFC 8292 section 2.1), checked when the flags
// are read: the contact a push service may write to about this server's pushes.

#include <optional>
#include <string>

namespace carc::server {

// mailto:someone@host or https://host/..., on no host that means this machine ("localhost",
// "*.localhost", "*.local", a loopback address): a push service may refuse such a subject.
// nullopt when good, else why not.
std::optional<std::string> check_vapid_subject(const std::string& subject);

}  // namespace carc::server
