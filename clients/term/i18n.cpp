#include "i18n.hpp"

#include <cstdlib>
#include <unordered_map>

namespace carc::term {

namespace {

Lang current = Lang::en;

using Index = std::unordered_map<std::string_view, std::string_view>;

const Index& index_of(Lang lang) {
    static const Index en = [] {
        Index i;
        for (const auto& [k, v] : catalog(Lang::en)) i.emplace(k, v);
        return i;
    }();
    static const Index ru = [] {
        Index i;
        for (const auto& [k, v] : catalog(Lang::ru)) i.emplace(k, v);
        return i;
    }();
    return lang == Lang::ru ? ru : en;
}

const std::string_view* find(Lang lang, const std::string& key) {
    const Index& i = index_of(lang);
    const auto it = i.find(key);
    return it == i.end() ? nullptr : &it->second;
}

const std::string_view* lookup(const std::string& key) {
    if (const auto* s = find(current, key)) return s;
    return current == Lang::en ? nullptr : find(Lang::en, key);
}

template <typename Args>
std::string translate(std::string_view key, const Args& args) {
    std::string k(key);
    const std::string_view* text = nullptr;
    for (const Arg& a : args)
        if (a.first == "count") {
            const long long n = std::strtoll(a.second.c_str(), nullptr, 10);
            std::string plural = k + "#" + std::string(plural_form(current, n));
            text = lookup(plural);
            if (!text) text = lookup(k + "#other");
            if (!text && current != Lang::en) text = find(Lang::en, k + "#" + std::string(plural_form(Lang::en, n)));
        }
    if (!text) text = lookup(k);
    if (!text) return k;
    std::string out;
    out.reserve(text->size() + 16);
    for (std::size_t i = 0; i < text->size(); ++i) {
        const char c = (*text)[i];
        const std::size_t close = c == '{' ? text->find('}', i) : std::string_view::npos;
        if (close == std::string_view::npos) {
            out.push_back(c);
            continue;
        }
        const std::string_view name = text->substr(i + 1, close - i - 1);
        bool found = false;
        for (const Arg& a : args)
            if (a.first == name) {
                out += a.second;
                found = true;
                break;
            }
        if (!found) out.append(text->substr(i, close - i + 1));
        i = close;
    }
    return out;
}

}  // namespace

const Catalog& english_catalog();  // i18n/en.cpp
const Catalog& russian_catalog();  // i18n/ru.cpp

const Catalog& english_review_catalog();  // i18n/review_en.cpp
const Catalog& russian_review_catalog();  // i18n/review_ru.cpp

// Each language's main catalogue and those kept in files of their own, as one.
const Catalog& catalog(Lang lang) {
    const auto joined = [](const Catalog& a, const Catalog& b) {
        Catalog all = a;
        all.insert(all.end(), b.begin(), b.end());
        return all;
    };
    static const Catalog en = joined(english_catalog(), english_review_catalog());
    static const Catalog ru = joined(russian_catalog(), russian_review_catalog());
    return lang == Lang::ru ? ru : en;
}

void set_language(Lang lang) { current = lang; }
Lang language() { return current; }

Lang language_of_locale(std::string_view locale) {
    return locale.substr(0, 2) == "ru" ? Lang::ru : Lang::en;
}

Lang language_from_environment() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(name);
        if (value && *value) return language_of_locale(value);
    }
    return Lang::en;
}

std::string_view plural_form(Lang lang, long long n) {
    if (n < 0) n = -n;
    if (lang == Lang::en) return n == 1 ? "one" : "other";
    if (n % 10 == 1 && n % 100 != 11) return "one";
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return "few";
    return "many";
}

std::string tr(std::string_view key, std::initializer_list<Arg> args) { return translate(key, args); }
std::string tr(std::string_view key, const std::vector<Arg>& args) { return translate(key, args); }

}  // namespace carc::term
