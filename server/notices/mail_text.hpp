#pragma once
// The mails notices send, as text ready for SMTP: headers, a blank line, a plain-text body,
// CRLF line ends. Pure: the links and the time are passed in.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "notices/mail_language.hpp"

namespace carc::server::notices {

struct mail {
    std::string from;
    std::string to;
    std::string subject;
    std::string body;  // lines end in '\n'; turned into CRLF
    // A turn's mail carries it (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
    std::optional<std::string> unsubscribe_url;
};

// `text` as RFC 2047 encoded-words (UTF-8, base64), folded onto lines of their own when long: a
// header value that holds no raw text, so nothing typed can end the header or add one.
std::string encoded_words(std::string_view text);

// Every header's value is encoded or checked: the subject as encoded-words, the addresses and
// links with only what an address may hold. `now_ms` dates the mail; `message_id` is unique (random).
std::string mail_text(const mail& m, std::int64_t now_ms, const std::string& message_id);

// A UTC time as the body shows it: "2026-01-31 18:05 UTC".
std::string utc_minute(std::int64_t unix_ms);

// The mails, by kind, in the account's language; `link` is the game's, the confirmation's or the
// reset's. `game`: the game in words (turns_mail.hpp's game_words: the room's name and the
// opponents, in the same language).
mail turn_mail(mail_language language, const std::string& kind, const std::string& game, std::int64_t deadline_ms,
               const std::string& link, const std::string& unsubscribe_url);
mail confirm_mail(mail_language language, const std::string& link);
mail reset_mail(mail_language language, const std::string& account_name, const std::string& link);
// A sign-in link: valid 15 minutes, once, in the browser that asked for it.
mail sign_in_mail(mail_language language, const std::string& account_name, const std::string& link);
// A friend's challenge; `link` joins its room by the invite.
mail challenge_mail(mail_language language, const std::string& from_name, const std::string& link,
                    const std::string& unsubscribe_url);

}  // namespace carc::server::notices
