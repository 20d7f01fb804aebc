#pragma once
// The browser's session cookie `carc_session`: HttpOnly (scripts never see it), SameSite=Lax
// (not sent on cross-site requests other than top-level navigation), Secure when the server is
// reached over https, Path=/, kept for the session's lifetime.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace carc::server::accounts {

inline constexpr std::string_view cookie_name = "carc_session";

// The cookie's value from a Cookie request header, if there.
std::optional<std::string> session_from_cookie_header(std::string_view header);
// Any cookie's value by its name, if there.
std::optional<std::string> cookie_from_header(std::string_view header, std::string_view name);
// The Set-Cookie value that stores `secret`, or (empty secret) removes the cookie.
std::string set_cookie_value(std::string_view secret, bool secure, std::chrono::seconds max_age);

}  // namespace carc::server::accounts
