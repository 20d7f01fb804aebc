// The pages a mail's link opens (docs/accounts.md, "Pages a mail's link opens"): every page in
// English and Russian, the Russian ones with no Latin word in what they show; the browser's
// language read from Accept-Language; and over the real server with a real SMTP server, a
// Russian account's confirmation, new-password form, refusal and success pages are Russian,
// while a link that does not work answers in the browser's language.
#include <algorithm>
#include <cctype>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "http/link_pages.hpp"
#include "mail_fixture.hpp"
#include "smtp_sink.hpp"

using namespace carc::test;
using carc::server::browser_language;
using carc::server::link_page;
using carc::server::link_page_answer;
using carc::server::notices::mail_language;
namespace http = boost::beast::http;

namespace {

constexpr link_page every_page[] = {
    link_page::bad_link,           link_page::unsubscribe_question, link_page::unsubscribed,
    link_page::address_confirmed,  link_page::new_password_form,    link_page::password_too_short,
    link_page::password_too_long,  link_page::password_changed,     link_page::other_browser,
    link_page::link_too_old,       link_page::signed_in,
};

// What a reader sees of a page: its text without the markup.
std::string shown_text(const std::string& html) {
    std::string text;
    bool in_tag = false;
    for (char c : html) {
        if (c == '<') in_tag = true;
        if (!in_tag) text += c;
        if (c == '>') in_tag = false;
    }
    return text;
}

bool has_latin_letter(const std::string& text) {
    return std::any_of(text.begin(), text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

std::string between(const std::string& text, const std::string& open, const std::string& close) {
    const auto start = text.find(open);
    if (start == std::string::npos) return {};
    const auto end = text.find(close, start + open.size());
    return text.substr(start + open.size(), end - start - open.size());
}

http::response<http::string_body> page_of(link_page page, mail_language language) {
    http::request<http::string_body> request{http::verb::get, "/api/mail/confirm", 11};
    return link_page_answer(request, http::status::ok, language, page, "/api/form", "0123abcd");
}

}  // namespace

TEST_CASE("the browser's language: the highest weight among English and Russian, English otherwise",
          "[server][notices]") {
    CHECK(browser_language("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == mail_language::ru);
    CHECK(browser_language("en-US,en;q=0.9,ru;q=0.8") == mail_language::en);
    CHECK(browser_language("de-DE, ru;q=0.5, fr;q=0.9") == mail_language::ru);  // the only one we have
    CHECK(browser_language("EN;q=0.4, RU;q=0.6") == mail_language::ru);         // case and weight
    CHECK(browser_language("en;q=0.5,ru;q=0.5") == mail_language::en);          // a tie: the earlier
    CHECK(browser_language("ru;q=0") == mail_language::en);                     // q=0: not wanted
    CHECK(browser_language("ru;q=2, en;q=0.1") == mail_language::en);           // an unreadable weight
    CHECK(browser_language("rus, english") == mail_language::en);               // not a primary tag of ours
    CHECK(browser_language("fr") == mail_language::en);
    CHECK(browser_language("") == mail_language::en);
}

TEST_CASE("every link page in both languages: its title, its language, no Latin word on a Russian one",
          "[server][notices]") {
    for (const link_page page : every_page) {
        const auto en = page_of(page, mail_language::en);
        const auto ru = page_of(page, mail_language::ru);
        INFO("page " << static_cast<int>(page));
        CHECK(en[http::field::content_type] == "text/html; charset=utf-8");
        CHECK(en[http::field::content_language] == "en");
        CHECK(ru[http::field::content_language] == "ru");
        CHECK(en.body().find("<html lang=\"en\">") != std::string::npos);
        CHECK(ru.body().find("<html lang=\"ru\">") != std::string::npos);
        // The title is the heading, and the two languages say different things.
        const std::string en_title = between(en.body(), "<title>", "</title>");
        const std::string ru_title = between(ru.body(), "<title>", "</title>");
        CHECK_FALSE(en_title.empty());
        CHECK(between(en.body(), "<h1>", "</h1>") == en_title);
        CHECK(between(ru.body(), "<h1>", "</h1>") == ru_title);
        CHECK(en_title != ru_title);
        CHECK_FALSE(has_latin_letter(shown_text(ru.body().substr(ru.body().find("<body>")))));
        CHECK(has_latin_letter(shown_text(en.body().substr(en.body().find("<body>")))));
    }
    // The forms carry the link's token on to where they post.
    const auto unsubscribe = page_of(link_page::unsubscribe_question, mail_language::ru);
    CHECK(unsubscribe.body().find("<form method=\"post\" action=\"/api/form?t=0123abcd\">") != std::string::npos);
    CHECK(unsubscribe.body().find("<button>Отписаться</button>") != std::string::npos);
    const auto reset = page_of(link_page::new_password_form, mail_language::ru);
    CHECK(reset.body().find("<form method=\"post\" action=\"/api/form\">") != std::string::npos);
    CHECK(reset.body().find("<input type=\"hidden\" name=\"t\" value=\"0123abcd\">") != std::string::npos);
    CHECK(reset.body().find("minlength=\"8\"") != std::string::npos);
}

TEST_CASE("a Russian account's link pages are Russian, a link that does not work answers in the browser's language",
          "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));

    // Signed up from a Russian page with an address: the confirmation link's page is Russian,
    // whatever language the browser that opens it asks for.
    const auto made = sign_up(s.port(), "Ada", mail_password, {{"email", "ada@example.org"}, {"language", "ru"}});
    REQUIRE(made.status == 201);
    const std::string confirm = target_of(mail_link(mail.wait_for_mail(1), std::string(mail_public_url) + "/api/mail/confirm?t="));
    const auto confirmed = http_get(s.port(), confirm, {{"Accept-Language", "en-US,en"}});
    CHECK(confirmed.status == 200);
    CHECK(between(confirmed.body, "<h1>", "</h1>") == "Адрес подтверждён");
    CHECK(confirmed.headers.at("content-language") == "ru");

    // The reset link: the form, a refused password, the new one, all in Russian.
    REQUIRE(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    const std::string link = mail_link(mail.wait_for_mail(2), std::string(mail_public_url) + "/api/password-reset?t=");
    REQUIRE_FALSE(link.empty());
    const std::string token = link.substr(link.find("t=") + 2);
    const auto form = http_get(s.port(), target_of(link));
    CHECK(form.status == 200);
    CHECK(between(form.body, "<h1>", "</h1>") == "Новый пароль");
    CHECK(form.body.find("<button>Сохранить</button>") != std::string::npos);
    const auto post = [&](const std::string& password) {
        return http_send("127.0.0.1", s.port(), "POST", "/api/password-reset/new",
                         {{"Content-Type", "application/x-www-form-urlencoded"}}, "t=" + token + "&password=" + password);
    };
    const auto refused = post("short");
    CHECK(refused.status == 400);
    CHECK(between(refused.body, "<h1>", "</h1>") == "Пароль не принят");
    CHECK(refused.body.find("не меньше 8 символов") != std::string::npos);
    const auto changed = post("a-new-password");
    CHECK(changed.status == 200);
    CHECK(between(changed.body, "<h1>", "</h1>") == "Пароль изменён");
    CHECK(sign_in(s.port(), "Ada", "a-new-password").status == 200);

    // The used link names nobody any more: the browser's language.
    const auto used_ru = http_get(s.port(), target_of(link), {{"Accept-Language", "ru-RU,ru;q=0.9"}});
    CHECK(used_ru.status == 404);
    CHECK(between(used_ru.body, "<h1>", "</h1>") == "Ссылка не работает");
    const auto used_en = http_get(s.port(), target_of(link));
    CHECK(used_en.status == 404);
    CHECK(between(used_en.body, "<h1>", "</h1>") == "This link does not work");
    // A sign-in link nobody asked for, likewise.
    const auto no_sign_in = http_get(s.port(), "/api/sign-in-link?t=" + std::string(64, 'a'), {{"Accept-Language", "ru"}});
    CHECK(no_sign_in.status == 404);
    CHECK(between(no_sign_in.body, "<h1>", "</h1>") == "Ссылка не работает");
}
