#pragma once
// Checks on raw message text made before it reaches the JSON parser, so a hostile frame cannot
// make the parser recurse deeply.

#include <cstddef>
#include <string_view>

namespace carc::protocol {

inline constexpr std::size_t default_max_message = 64 * 1024;
inline constexpr int default_max_depth = 32;

// The deepest nesting of arrays and objects in `text` (brackets inside strings do not count).
// Stops counting once `limit` is exceeded and returns limit + 1.
int json_nesting_depth(std::string_view text, int limit);

}  // namespace carc::protocol
