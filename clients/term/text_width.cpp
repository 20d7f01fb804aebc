#include "text_width.hpp"

#include <cwchar>

namespace carc::term {

namespace {

int char_width(char32_t c) {
    if (c < 0x80) return c >= 0x20 && c != 0x7f ? 1 : 0;
    const int w = ::wcwidth(static_cast<wchar_t>(c));
    return w < 0 ? 1 : w;  // unknown to the locale: assume one column
}

}  // namespace

std::u32string decode_utf8(std::string_view s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        int extra = b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : 0;
        if (b >= 0xf8) extra = 0;
        char32_t c = extra == 0 ? b : static_cast<char32_t>(b & (0x3f >> extra));
        bool ok = i + static_cast<std::size_t>(extra) < s.size();
        for (int k = 1; ok && k <= extra; ++k) {
            const auto n = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            if ((n & 0xc0) != 0x80) ok = false;
            else c = (c << 6) | (n & 0x3f);
        }
        if (!ok) {
            out.push_back(b);
            ++i;
            continue;
        }
        out.push_back(c);
        i += static_cast<std::size_t>(extra) + 1;
    }
    return out;
}

std::string encode_utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
        out.push_back(static_cast<char>(0xc0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
        out.push_back(static_cast<char>(0xe0 | (c >> 12)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3f)));
    } else {
        out.push_back(static_cast<char>(0xf0 | (c >> 18)));
        out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3f)));
    }
    return out;
}

std::size_t utf8_length(std::string_view text) { return decode_utf8(text).size(); }

int display_width(std::string_view text) {
    int w = 0;
    for (char32_t c : decode_utf8(text)) w += char_width(c);
    return w;
}

std::string clip(std::string_view text, int width) {
    std::string out;
    int used = 0;
    for (char32_t c : decode_utf8(text)) {
        const int w = char_width(c);
        if (used + w > width) break;
        used += w;
        out += encode_utf8(c);
    }
    return out;
}

std::string clip_left(std::string_view text, int width) {
    const std::u32string chars = decode_utf8(text);
    std::size_t first = chars.size();
    int used = 0;
    while (first > 0 && used + char_width(chars[first - 1]) <= width) used += char_width(chars[--first]);
    std::string out;
    for (std::size_t i = first; i < chars.size(); ++i) out += encode_utf8(chars[i]);
    return out;
}

std::vector<std::string> wrap(std::string_view text, int width) {
    std::vector<std::string> out;
    if (width <= 0) return out;
    const std::u32string chars = decode_utf8(text);
    std::size_t i = 0;
    while (i < chars.size()) {
        std::size_t end = i, last_space = std::u32string::npos;
        int used = 0;
        while (end < chars.size() && used + char_width(chars[end]) <= width) {
            if (chars[end] == U' ') last_space = end;
            used += char_width(chars[end++]);
        }
        if (end < chars.size() && last_space != std::u32string::npos && last_space > i) end = last_space;
        if (end == i) ++end;  // a character wider than the line
        std::string line;
        for (std::size_t k = i; k < end; ++k) line += encode_utf8(chars[k]);
        out.push_back(std::move(line));
        i = end;
        while (i < chars.size() && chars[i] == U' ') ++i;
    }
    if (out.empty()) out.emplace_back();
    return out;
}

std::string pad(std::string_view text, int width) {
    std::string out = clip(text, width);
    const int w = display_width(out);
    if (w < width) out.append(static_cast<std::size_t>(width - w), ' ');
    return out;
}

std::string pad_left(std::string_view text, int width) {
    std::string out = clip(text, width);
    const int w = display_width(out);
    return w < width ? std::string(static_cast<std::size_t>(width - w), ' ') + out : out;
}

void pop_character(std::string& text) {
    while (!text.empty()) {
        const auto b = static_cast<unsigned char>(text.back());
        text.pop_back();
        if ((b & 0xc0) != 0x80) return;
    }
}

}  // namespace carc::term
