#pragma once
// What Web Push takes from outside (docs/accounts.md, Notices): a browser's subscription as
// PushSubscription.toJSON() gives it (the operator's VAPID subject: base/vapid_subject.hpp). Each
// check answers the reason it refuses, to show as is.

#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json_fwd.hpp>

namespace carc::server::notices {

// The largest endpoint taken (push services' are a few hundred bytes).
inline constexpr std::size_t max_endpoint_bytes = 1024;

struct subscription_fields {
    std::string endpoint;
    std::string p256dh;  // base64url, as the browser wrote it
    std::string auth;
};

// {endpoint, keys: {p256dh, auth}, expirationTime?}: the endpoint an https:// URL on a public
// address (http:// and private addresses too when `allow_private`), p256dh a point on P-256,
// auth 16 bytes. The fields, or why not.
std::variant<subscription_fields, std::string> check_subscription(const nlohmann::json& body, bool allow_private);


// RFC 8292's audience: the endpoint's scheme, host and port ("https://push.example.net").
std::string origin_of(const std::string& endpoint);

}  // namespace carc::server::notices
