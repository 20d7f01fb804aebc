#pragma once
// Small text helpers for what people type (names, chat, room names) and for header values.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace carc::server {

// `text` without leading and trailing spaces, tabs and line breaks.
std::string trim(std::string_view text);

// Counts characters (UTF-8 code points), not bytes, so a length limit means the same for every
// alphabet. Continuation bytes (10xxxxxx) are not counted.
std::size_t utf8_length(std::string_view text);

// `text` trimmed, when it then has 1 to `max` characters; nullopt otherwise. What a name or a
// chat line must be.
std::optional<std::string> trimmed_within(std::string_view text, std::size_t max);

// %XX escapes decoded ('+' stays '+': rating keys hold it); nullopt for a malformed escape. A
// path's part (a player's name) or a query's value.
std::optional<std::string> percent_decoded(std::string_view text);

}  // namespace carc::server
