#pragma once
// A server that mails through a real SMTP server (smtp_sink.hpp) under the public URL
// http://mail.test, and accounts whose address is confirmed: what the notice, mail-language and
// link-page tests share.

#include <chrono>
#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "base/config.hpp"

namespace carc::test {

inline constexpr const char* mail_password = "correct horse battery";
inline constexpr const char* mail_public_url = "http://mail.test";

// Mails go to the SMTP server at `smtp_port` at once (no wait to gather turns); a failed send
// is retried after 100-400 ms.
inline carc::server::server_config mail_config(unsigned short smtp_port) {
    auto config = test_config();
    config.public_url = mail_public_url;
    config.notices.smtp_url = "smtp://127.0.0.1:" + std::to_string(smtp_port);
    config.notices.mail_from = "carc@mail.test";
    config.notices.retry_first = std::chrono::milliseconds(100);
    config.notices.retry_max = std::chrono::milliseconds(400);
    config.notices.turn_mail_delay = std::chrono::milliseconds(0);  // one turn, one mail, at once
    return config;
}

// An account (password mail_password, signed up with the extra fields `more`) whose address is
// confirmed in the store directly; its person id and cookie.
inline std::pair<std::string, std::string> confirmed_account(account_server& s, const std::string& name,
                                                             const std::string& email, const json& more = json::object()) {
    const auto made = sign_up(s.port(), name, mail_password, more);
    REQUIRE(made.status == 201);
    const std::string person = made.body["person"];
    auto settings = s.accounts().account_of(person).value()->settings;
    settings.email = email;
    settings.email_confirmed = true;
    REQUIRE(s.accounts().update_settings(person, settings).ok());
    return {person, made.cookie()};
}

// The path and query of a link under mail_public_url, to ask the test server.
inline std::string target_of(const std::string& link) {
    REQUIRE(link.starts_with(mail_public_url));
    return link.substr(std::string(mail_public_url).size());
}

}  // namespace carc::test
