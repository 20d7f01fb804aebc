#include "accounts/session_cookie.hpp"

#include "util/text.hpp"

namespace carc::server::accounts {

std::optional<std::string> session_from_cookie_header(std::string_view header) {
    return cookie_from_header(header, cookie_name);
}

std::optional<std::string> cookie_from_header(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        const auto end = header.find(';');
        const std::string pair = trim(header.substr(0, end));
        header = end == std::string_view::npos ? std::string_view() : header.substr(end + 1);
        const auto eq = pair.find('=');
        if (eq == std::string::npos || pair.substr(0, eq) != name) continue;
        std::string value = pair.substr(eq + 1);
        if (!value.empty()) return value;
    }
    return std::nullopt;
}

std::string set_cookie_value(std::string_view secret, bool secure, std::chrono::seconds max_age) {
    std::string out = std::string(cookie_name) + "=" + std::string(secret) + "; Path=/; HttpOnly; SameSite=Lax";
    out += "; Max-Age=" + std::to_string(secret.empty() ? 0 : max_age.count());
    if (secure) out += "; Secure";
    return out;
}

}  // namespace carc::server::accounts
