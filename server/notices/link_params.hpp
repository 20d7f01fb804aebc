#pragma once
// Reading the links' parameters: a query string's or a form body's fields
// (application/x-www-form-urlencoded), and whether a token has the shape we hand out.

#include <optional>
#include <string>
#include <string_view>

namespace carc::server::notices {

// The decoded value of `name` in "a=1&b=2" (percent escapes and '+' decoded); nullopt if absent.
std::optional<std::string> form_field(std::string_view fields, std::string_view name);
// The same in a request target's query ("/path?t=..").
std::optional<std::string> query_field(std::string_view target, std::string_view name);
// 64 lowercase hex digits, as random_hex(32) makes them.
bool token_shaped(std::string_view token);

}  // namespace carc::server::notices
