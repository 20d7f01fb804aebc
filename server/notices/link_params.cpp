#include "notices/link_params.hpp"

#include <algorithm>

namespace carc::server::notices {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string decoded(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%' && i + 2 < text.size() &&
                   hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace

std::optional<std::string> form_field(std::string_view fields, std::string_view name) {
    while (!fields.empty()) {
        const auto end = fields.find('&');
        const std::string_view pair = fields.substr(0, end);
        const auto eq = pair.find('=');
        if (pair.substr(0, eq) == name) return eq == std::string_view::npos ? "" : decoded(pair.substr(eq + 1));
        if (end == std::string_view::npos) break;
        fields.remove_prefix(end + 1);
    }
    return std::nullopt;
}

std::optional<std::string> query_field(std::string_view target, std::string_view name) {
    const auto query = target.find('?');
    if (query == std::string_view::npos) return std::nullopt;
    return form_field(target.substr(query + 1, target.find('#') - query - 1), name);
}

bool token_shaped(std::string_view token) {
    return token.size() == 64 &&
           std::all_of(token.begin(), token.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace carc::server::notices
