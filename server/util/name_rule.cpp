#include "util/name_rule.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace carc::server {
namespace {

// More combining marks than this on one letter only stack up into a smear over other text.
constexpr int max_marks_in_a_row = 3;

// Why this character cannot be in a name; nullptr when it can.
const char* refused_character(UChar32 c) {
    switch (u_charType(c)) {
        case U_CONTROL_CHAR: return "the name may not hold control characters (line breaks, tabs and the like)";
        case U_FORMAT_CHAR: return "the name may not hold invisible or direction characters";
        case U_UNASSIGNED:
        case U_PRIVATE_USE_CHAR:
        case U_SURROGATE: return "the name may not hold unassigned or private-use characters";
        case U_LINE_SEPARATOR:
        case U_PARAGRAPH_SEPARATOR: return "the name may not hold line breaks";
        case U_SPACE_SEPARATOR:
            if (c != ' ') return "the name may only hold plain spaces between words";
            break;
        default: break;
    }
    // Fillers, variation selectors and the like: they show as nothing.
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        return "the name may not hold invisible or direction characters";
    return nullptr;
}

}  // namespace

checked_name check_name(std::string_view text, std::size_t max_chars) {
    const std::string length_problem = "the name needs 1 to " + std::to_string(max_chars) + " characters";
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty() || text.size() > 4 * max_chars + 64) return {{}, length_problem};

    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto size = static_cast<std::int32_t>(text.size());
    int marks = 0;
    UChar32 previous = 0;
    for (std::int32_t i = 0; i < size;) {
        UChar32 c = 0;
        U8_NEXT(bytes, i, size, c);
        if (c < 0) return {{}, "the name is not valid UTF-8"};
        if (const char* why = refused_character(c)) return {{}, why};
        if (c == ' ' && previous == ' ') return {{}, "the name may not hold two spaces in a row"};
        marks = u_getCombiningClass(c) != 0 || u_charType(c) == U_NON_SPACING_MARK ? marks + 1 : 0;
        if (marks > max_marks_in_a_row) return {{}, "the name has too many accents on one letter"};
        previous = c;
    }

    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return {{}, "names cannot be checked now"};
    const icu::UnicodeString normal =
        nfc->normalize(icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), size)), status);
    if (U_FAILURE(status)) return {{}, "names cannot be checked now"};
    const auto chars = static_cast<std::size_t>(normal.countChar32());
    if (chars == 0 || chars > max_chars) return {{}, length_problem};
    checked_name out;
    normal.toUTF8String(out.name);
    return out;
}

}  // namespace carc::server
