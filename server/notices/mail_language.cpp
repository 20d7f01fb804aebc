#include "notices/mail_language.hpp"

namespace carc::server::notices {

mail_language mail_language_of(std::string_view setting) {
    return setting == "ru" ? mail_language::ru : mail_language::en;
}

std::string_view russian_plural(std::int64_t n, std::string_view one, std::string_view few, std::string_view many) {
    const std::int64_t last_two = (n < 0 ? -n : n) % 100;
    const std::int64_t last = last_two % 10;
    if (last_two >= 11 && last_two <= 14) return many;
    if (last == 1) return one;
    if (last >= 2 && last <= 4) return few;
    return many;
}

}  // namespace carc::server::notices
