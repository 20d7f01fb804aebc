#include "util/text.hpp"

namespace carc::server {

std::string trim(std::string_view text) {
    constexpr std::string_view blanks = " \t\r\n";
    const auto first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(blanks);
    return std::string(text.substr(first, last - first + 1));
}

std::size_t utf8_length(std::string_view text) {
    std::size_t n = 0;
    for (const unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++n;
    return n;
}

std::optional<std::string> trimmed_within(std::string_view text, std::size_t max) {
    std::string out = trim(text);
    const std::size_t length = utf8_length(out);
    if (length == 0 || length > max) return std::nullopt;
    return out;
}

}  // namespace carc::server
