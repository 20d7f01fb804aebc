#pragma once
// UTF-8 text measured in terminal columns (wcwidth: a CJK character takes two, a combining
// mark none), so names and chat in any script line up and are cut at a character boundary.

#include <string>
#include <string_view>
#include <vector>

namespace carc::term {

// Code points of valid UTF-8; a stray byte counts as one.
std::u32string decode_utf8(std::string_view text);
std::string encode_utf8(char32_t c);

std::size_t utf8_length(std::string_view text);
int display_width(std::string_view text);
// The longest prefix that takes at most `width` columns.
std::string clip(std::string_view text, int width);
// The longest suffix that takes at most `width` columns (the end of a long input line).
std::string clip_left(std::string_view text, int width);
// Lines of at most `width` columns, broken at spaces where possible.
std::vector<std::string> wrap(std::string_view text, int width);
// Clipped, then padded with spaces to exactly `width` columns.
std::string pad(std::string_view text, int width);
// Padded on the left (numbers in a column).
std::string pad_left(std::string_view text, int width);
// Removes the last character (for Backspace).
void pop_character(std::string& text);

}  // namespace carc::term
