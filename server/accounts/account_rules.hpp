#pragma once
// What an account's fields may hold (docs/accounts.md). Each check returns nullopt when the
// value is fine, else the reason in words for the client.

#include <optional>
#include <string>
#include <string_view>

namespace carc::server::accounts {

// The shortest password in characters (UTF-8 code points, as the forms' minlength counts them), so
// it means the same in every alphabet; the longest in bytes (what the hash is given).
inline constexpr std::size_t min_password_characters = 8;
inline constexpr std::size_t max_password_bytes = 1024;

// The name as names are compared: ASCII letters folded to lower case (two accounts may not
// differ only in case).
std::string name_key(std::string_view name);
std::optional<std::string> check_password(std::string_view password);
// Shape only: one '@', a non-empty local part, a dotted domain, no blanks, at most 254 bytes.
std::optional<std::string> check_email(std::string_view email);
// An http(s) URL whose host is not loopback, private, link-local or otherwise internal unless
// `allow_private` (--allow-private-webhooks). Names are checked as written (a literal address
// or "localhost"); resolving happens when notices are sent.
std::optional<std::string> check_webhook(std::string_view url, bool allow_private);
// The languages an account's mails can be written in: "en" and "ru" (the web client's).
std::optional<std::string> check_language(std::string_view language);

}  // namespace carc::server::accounts
