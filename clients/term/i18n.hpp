#pragma once
// The client's words in English and Russian: a catalogue per language (i18n/en.cpp,
// i18n/ru.cpp) of keys to texts with {name} placeholders. A `count` parameter picks the plural
// form (key#one, key#few, key#many, key#other by the language's rules). Missing Russian keys
// fall back to English, missing keys to the key itself (a test checks both catalogues match).

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace carc::term {

enum class Lang { en, ru };

using Catalog = std::vector<std::pair<std::string_view, std::string_view>>;
const Catalog& catalog(Lang lang);

void set_language(Lang lang);
Lang language();

// The language a locale string names ("ru_RU.UTF-8" -> ru); English for anything else.
Lang language_of_locale(std::string_view locale);
// From LC_ALL, LC_MESSAGES, LANG (the first one set), as the C library reads them.
Lang language_from_environment();

using Arg = std::pair<std::string_view, std::string>;
std::string tr(std::string_view key, std::initializer_list<Arg> args = {});
std::string tr(std::string_view key, const std::vector<Arg>& args);

// The plural form of n: "one", "few", "many" (Russian) or "one", "other" (English).
std::string_view plural_form(Lang lang, long long n);

}  // namespace carc::term
