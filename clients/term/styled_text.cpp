#include "styled_text.hpp"

#include <cctype>

#include "text_width.hpp"

namespace carc::term {

namespace {
// One code per Style, in enum order; players are their seat digit.
constexpr char style_letters[] = " nfcprewmsthkyaoilxgz";
}  // namespace

std::string plain_text(const StyledLine& line) {
    std::string out;
    out.reserve(line.size());
    for (const Cell& c : line) out += encode_utf8(c.ch);
    return out;
}

std::string style_codes(const StyledLine& line) {
    std::string out;
    out.reserve(line.size());
    for (const Cell& c : line) {
        const int s = static_cast<int>(c.style);
        char code = s >= static_cast<int>(Style::player0)
                        ? static_cast<char>('0' + (s - static_cast<int>(Style::player0)))
                        : style_letters[s];
        if (c.emphasis) code = code == ' ' ? '_' : static_cast<char>(std::toupper(code));
        out.push_back(code);
    }
    return out;
}

}  // namespace carc::term
