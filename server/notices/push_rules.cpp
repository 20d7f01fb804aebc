#include "notices/push_rules.hpp"

#include <nlohmann/json.hpp>

#include "accounts/account_rules.hpp"
#include "carc/crypto/web_push.hpp"

namespace carc::server::notices {
std::string origin_of(const std::string& endpoint) {
    const auto scheme_end = endpoint.find("://");
    if (scheme_end == std::string::npos) return endpoint;
    const auto host_end = endpoint.find_first_of("/?#", scheme_end + 3);
    return endpoint.substr(0, host_end);
}

std::variant<subscription_fields, std::string> check_subscription(const nlohmann::json& body, bool allow_private) {
    if (!body.is_object()) return std::string("the body must be a JSON object: PushSubscription.toJSON()");
    const auto endpoint = body.find("endpoint");
    if (endpoint == body.end() || !endpoint->is_string()) return std::string("field 'endpoint': the push service's URL");
    subscription_fields out;
    out.endpoint = endpoint->get<std::string>();
    if (out.endpoint.size() > max_endpoint_bytes) return std::string("field 'endpoint': at most 1024 bytes");
    if (!out.endpoint.starts_with("https://") && !(allow_private && out.endpoint.starts_with("http://")))
        return std::string("field 'endpoint': an https:// URL");
    // The webhooks' rule: no loopback or private address unless the operator allows it (checked
    // again on the address connected to when sending).
    if (auto bad = accounts::check_webhook(out.endpoint, allow_private)) {
        if (bad->find("private") != std::string::npos)
            return std::string("field 'endpoint': the push service is on this machine or a private network");
        return "field 'endpoint': " + *bad;
    }
    const auto keys = body.find("keys");
    if (keys == body.end() || !keys->is_object()) return std::string("field 'keys': an object with p256dh and auth");
    const auto p256dh = keys->find("p256dh");
    const auto auth = keys->find("auth");
    if (p256dh == keys->end() || !p256dh->is_string() || p256dh->get_ref<const std::string&>().size() > 100)
        return std::string("field 'keys.p256dh': the browser's P-256 public key, base64url");
    if (auth == keys->end() || !auth->is_string() || auth->get_ref<const std::string&>().size() > 40)
        return std::string("field 'keys.auth': the 16-byte authentication secret, base64url");
    out.p256dh = p256dh->get<std::string>();
    out.auth = auth->get<std::string>();
    const auto point = crypto::base64url_decode(out.p256dh);
    if (!point || !crypto::valid_p256_public_key(*point))
        return std::string("field 'keys.p256dh': not an uncompressed point on P-256 in base64url");
    const auto secret = crypto::base64url_decode(out.auth);
    if (!secret || secret->size() != 16) return std::string("field 'keys.auth': not 16 bytes in base64url");
    return out;
}

}  // namespace carc::server::notices
