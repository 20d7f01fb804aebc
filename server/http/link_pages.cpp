#include "http/link_pages.hpp"

#include <cctype>
#include <charconv>
#include <optional>
#include <string>

#include "accounts/account_rules.hpp"
#include "http/http_routes.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using notices::mail_language;

namespace {

// One page's words; `question`, `button`, `label` and `note` only where the page has a form.
struct page_words {
    std::string_view title;
    std::string_view text;
    std::string_view button = {};
    std::string_view label = {};
};

page_words english(link_page page) {
    switch (page) {
        case link_page::bad_link:
            return {"This link does not work", "It is unknown, was used already or is too old. Ask for a new one."};
        case link_page::unsubscribe_question:
            return {"Unsubscribe", "Stop the mails about your turns and challenges?", "Unsubscribe"};
        case link_page::unsubscribed:
            return {"Unsubscribed",
                    "You will get no more mails about your turns. Your account's settings can turn them on again."};
        case link_page::address_confirmed:
            return {"E-mail address confirmed", "Thank you: mails about your games can go to this address now."};
        case link_page::new_password_form:
            return {"Choose a new password", "Every device signed in to the account is signed out.", "Set it",
                    "New password (at least 8 characters)"};
        case link_page::password_too_short:
            return {"Password refused", "The password needs at least 8 characters. Go back and try again."};
        case link_page::password_too_long:
            return {"Password refused", "The password may have at most 1024 bytes. Go back and try again."};
        case link_page::password_changed: return {"Password changed", "Sign in with the new password."};
        case link_page::other_browser:
            return {"Open the link where you asked for it",
                    "This link signs in only in the browser where it was asked for. Open it there, or ask for a new "
                    "one in this browser."};
        case link_page::link_too_old: return {"This link is too old", "A sign-in link works for 15 minutes. Ask for a new one."};
        case link_page::signed_in: return {"Signed in", "You are signed in."};
    }
    return {"", ""};
}

page_words russian(link_page page) {
    switch (page) {
        case link_page::bad_link:
            return {"Ссылка не работает", "Она неизвестна, уже использована или устарела. Запросите новую."};
        case link_page::unsubscribe_question:
            return {"Отписаться", "Больше не присылать писем о ваших ходах и вызовах?", "Отписаться"};
        case link_page::unsubscribed:
            return {"Вы отписались",
                    "Писем о ваших ходах больше не будет. Их можно снова включить в настройках учётной записи."};
        case link_page::address_confirmed:
            return {"Адрес подтверждён", "Спасибо: теперь письма о ваших играх могут приходить на этот адрес."};
        case link_page::new_password_form:
            return {"Новый пароль", "На всех устройствах, где выполнен вход в учётную запись, вход будет завершён.",
                    "Сохранить", "Новый пароль (не меньше 8 символов)"};
        case link_page::password_too_short:
            return {"Пароль не принят", "В пароле должно быть не меньше 8 символов. Вернитесь и попробуйте снова."};
        case link_page::password_too_long:
            return {"Пароль не принят", "Пароль может занимать не больше 1024 байт. Вернитесь и попробуйте снова."};
        case link_page::password_changed: return {"Пароль изменён", "Войдите с новым паролем."};
        case link_page::other_browser:
            return {"Откройте ссылку там, где её запросили",
                    "Эта ссылка выполняет вход только в том браузере, где её запросили. Откройте её там или запросите "
                    "новую в этом браузере."};
        case link_page::link_too_old:
            return {"Ссылка устарела", "Ссылка для входа действует 15 минут. Запросите новую."};
        case link_page::signed_in: return {"Вход выполнен", "Вы вошли в учётную запись."};
    }
    return {"", ""};
}

// Readable at a phone's width and a desktop's, with no file to fetch.
constexpr std::string_view page_style =
    "body{font-family:system-ui,sans-serif;line-height:1.5;max-width:34rem;margin:2rem auto;padding:0 1rem}"
    "h1{font-size:1.5rem}input,button{font:inherit;padding:.4rem .6rem;margin:.3rem 0}"
    "input[type=password]{display:block;width:100%;box-sizing:border-box}";

std::string str(std::string_view text) { return std::string(text); }

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

bool is_primary(std::string_view tag, std::string_view language) {
    const std::string_view primary = tag.substr(0, tag.find('-'));
    if (primary.size() != language.size()) return false;
    for (std::size_t i = 0; i < primary.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(primary[i])) != language[i]) return false;
    return true;
}

// The page's body below its heading.
std::string body_of(link_page page, const page_words& words, mail_language language, std::string_view form_path,
                    std::string_view token) {
    const std::string home = language == mail_language::ru ? "К игре" : "To the game";
    std::string body = "<p>" + str(words.text) + "</p>\n";
    if (page == link_page::unsubscribe_question)
        body += "<form method=\"post\" action=\"" + str(form_path) + "?t=" + str(token) +
                "\"><input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\"><button>" + str(words.button) +
                "</button></form>\n";
    if (page == link_page::new_password_form)
        body = "<form method=\"post\" action=\"" + str(form_path) + "\"><input type=\"hidden\" name=\"t\" value=\"" +
               str(token) + "\"><label>" + str(words.label) + " <input type=\"password\" name=\"password\" minlength=\"" +
               std::to_string(accounts::min_password_characters) +
               "\" required autocomplete=\"new-password\"></label> <button>" + str(words.button) + "</button></form>\n" +
               body;
    const std::string_view where = page == link_page::signed_in ? "/#/account" : "/";
    return body + "<p><a href=\"" + str(where) + "\">" + home + "</a></p>";
}

// The weight of one Accept-Language item's parameters ("q=0.5"); 1 without one, -1 when unreadable.
double weight_of(std::string_view parameters) {
    double weight = 1;
    while (!parameters.empty()) {
        const auto semicolon = parameters.find(';');
        const std::string_view parameter = trimmed(parameters.substr(0, semicolon));
        parameters = semicolon == std::string_view::npos ? std::string_view{} : parameters.substr(semicolon + 1);
        if (parameter.size() < 2 || std::tolower(static_cast<unsigned char>(parameter[0])) != 'q' || parameter[1] != '=')
            continue;
        const std::string_view number = parameter.substr(2);
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), weight);
        if (error != std::errc{} || end != number.data() + number.size() || weight < 0 || weight > 1) return -1;
    }
    return weight;
}

}  // namespace

http::response<http::string_body> link_page_answer(const http::request<http::string_body>& request, http::status status,
                                                   mail_language language, link_page page, std::string_view form_path,
                                                   std::string_view token) {
    const page_words words = language == mail_language::ru ? russian(page) : english(page);
    const std::string lang = language == mail_language::ru ? "ru" : "en";
    auto res = json_text_response(
        request,
        "<!doctype html>\n<html lang=\"" + lang +
            "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
            "<meta name=\"robots\" content=\"noindex\"><style>" +
            std::string(page_style) + "</style><title>" +
            str(words.title) + "</title></head>\n<body><h1>" + str(words.title) + "</h1>\n" +
            body_of(page, words, language, form_path, token) + "\n</body></html>\n",
        status);
    res.set(http::field::content_type, "text/html; charset=utf-8");
    res.set(http::field::content_language, lang);
    return res;
}

mail_language browser_language(std::string_view accept_language) {
    mail_language best = mail_language::en;
    double best_weight = 0;
    while (!accept_language.empty()) {
        const auto comma = accept_language.find(',');
        const std::string_view item = trimmed(accept_language.substr(0, comma));
        accept_language = comma == std::string_view::npos ? std::string_view{} : accept_language.substr(comma + 1);
        const auto semicolon = item.find(';');
        const std::string_view tag = trimmed(item.substr(0, semicolon));
        const double weight = semicolon == std::string_view::npos ? 1 : weight_of(item.substr(semicolon + 1));
        std::optional<mail_language> language;
        if (is_primary(tag, "ru")) language = mail_language::ru;
        if (is_primary(tag, "en")) language = mail_language::en;
        if (language && weight > best_weight) {
            best = *language;
            best_weight = weight;
        }
    }
    return best;
}

mail_language browser_language(const http::request<http::string_body>& request) {
    const auto header = request[http::field::accept_language];
    return browser_language(std::string_view(header.data(), header.size()));
}

}  // namespace carc::server
