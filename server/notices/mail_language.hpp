#pragma once
// The language a person's mails and pushes are written in (docs/accounts.md): the account's
// `language` setting; an account that never chose one is written to in English.

#include <cstdint>
#include <string_view>

namespace carc::server::notices {

enum class mail_language { en, ru };

// The account's setting ("en", "ru", or "" when never chosen) as the language to write in.
mail_language mail_language_of(std::string_view setting);

// Russian's word for a count of `n`: `one` after 1, 21, 31 ... (not 11), `few` after 2-4,
// 22-24 ... (not 12-14), `many` after the rest (0, 5-20, 25-30 ...).
std::string_view russian_plural(std::int64_t n, std::string_view one, std::string_view few, std::string_view many);

}  // namespace carc::server::notices
