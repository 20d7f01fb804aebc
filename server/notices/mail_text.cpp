#include "notices/mail_text.hpp"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <string_view>

#include <fmt/format.h>

#include "notices/mail_text_ru.hpp"

namespace carc::server::notices {
namespace {

std::tm utc(std::int64_t unix_ms) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm out{};
    gmtime_r(&seconds, &out);
    return out;
}

std::string crlf(const std::string& text) {
    std::string out;
    out.reserve(text.size() + text.size() / 40);
    for (char c : text) {
        if (c == '\n') out += "\r\n";
        else if (c != '\r') out += c;
    }
    return out;
}

// RFC 5322's date: "Thu, 26 Nov 2026 06:59:54 +0000".
std::string mail_date(std::int64_t unix_ms) {
    static const char* days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const std::tm t = utc(unix_ms);
    return fmt::format("{}, {:02} {} {} {:02}:{:02}:{:02} +0000", days[t.tm_wday], t.tm_mday, months[t.tm_mon],
                       t.tm_year + 1900, t.tm_hour, t.tm_min, t.tm_sec);
}

// An address as a header holds it: only what an address may hold, so no text around it can
// end the header or open another one (the address was checked when set, this checks again).
std::string header_address(std::string_view address) {
    std::string out;
    for (const char c : address)
        if (static_cast<unsigned char>(c) > 0x20 && c != 0x7f && c != '<' && c != '>') out += c;
    return out;
}

std::string base64(std::string_view bytes) {
    static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t group = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
        if (i + 1 < bytes.size()) group |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size()) group |= static_cast<unsigned char>(bytes[i + 2]);
        out += digits[(group >> 18) & 63];
        out += digits[(group >> 12) & 63];
        out += i + 1 < bytes.size() ? digits[(group >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? digits[group & 63] : '=';
    }
    return out;
}

}  // namespace

std::string encoded_words(std::string_view text) {
    // 45 bytes make 60 base64 digits: with "=?UTF-8?B?" and "?=" a word stays within RFC 2047's
    // 75 characters. A word never splits a character (each must decode on its own).
    constexpr std::size_t max_word_bytes = 45;
    std::string out;
    while (!text.empty()) {
        std::size_t take = std::min(text.size(), max_word_bytes);
        while (take < text.size() && take > 0 && (static_cast<unsigned char>(text[take]) & 0xC0) == 0x80) --take;
        if (take == 0) take = std::min(text.size(), max_word_bytes);  // not UTF-8: split anywhere
        if (!out.empty()) out += "\n ";  // folded: the line break and space between words are no part of the text
        out += "=?UTF-8?B?" + base64(text.substr(0, take)) + "?=";
        text.remove_prefix(take);
    }
    return out;
}

std::string utc_minute(std::int64_t unix_ms) {
    const std::tm t = utc(unix_ms);
    return fmt::format("{}-{:02}-{:02} {:02}:{:02} UTC", t.tm_year + 1900, t.tm_mon + 1, t.tm_mday, t.tm_hour,
                       t.tm_min);
}

std::string mail_text(const mail& m, std::int64_t now_ms, const std::string& message_id) {
    const std::string domain = m.from.substr(m.from.find('@') + 1);
    std::string head = fmt::format(
        "From: <{}>\nTo: <{}>\nSubject: {}\nDate: {}\nMessage-ID: <{}@{}>\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\nAuto-Submitted: auto-generated\n",
        header_address(m.from), header_address(m.to), encoded_words(m.subject), mail_date(now_ms),
        header_address(message_id), header_address(domain));
    if (m.unsubscribe_url)
        head += fmt::format("List-Unsubscribe: <{}>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n",
                            header_address(*m.unsubscribe_url));
    return crlf(head + "\n" + m.body);
}

mail turn_mail(mail_language language, const std::string& kind, const std::string& game, std::int64_t deadline_ms,
               const std::string& link, const std::string& unsubscribe_url) {
    if (language == mail_language::ru) return ru::turn_mail(kind, game, deadline_ms, link, unsubscribe_url);
    mail m;
    const std::string until = deadline_ms > 0 ? "The turn ends at " + utc_minute(deadline_ms) + ".\n" : "";
    if (kind == "time_running_out") {
        m.subject = "Time is running out in Carcassonne " + game;
        m.body = "Your turn in " + game + " is about to run out.\n" + until;
    } else {
        m.subject = "Your turn in Carcassonne " + game;
        m.body = "It is your turn in " + game + ".\n" + until;
    }
    m.body += "\nPlay: " + link + "\n\nNo more mails about turns: " + unsubscribe_url + "\n";
    m.unsubscribe_url = unsubscribe_url;
    return m;
}

mail confirm_mail(mail_language language, const std::string& link) {
    if (language == mail_language::ru) return ru::confirm_mail(link);
    return {.from = {},
            .to = {},
            .subject = "Confirm your e-mail address for Carcassonne",
            .body = "Open this link to confirm that this address is yours:\n" + link +
                    "\n\nIf you did not give this address, ignore this mail.\n",
            .unsubscribe_url = std::nullopt};
}

mail reset_mail(mail_language language, const std::string& account_name, const std::string& link) {
    if (language == mail_language::ru) return ru::reset_mail(account_name, link);
    return {.from = {},
            .to = {},
            .subject = "Reset your Carcassonne password",
            .body = "Someone asked to reset the password of the account " + account_name +
                    ".\nOpen this link within an hour to choose a new one (it works once):\n" + link +
                    "\n\nIf it was not you, ignore this mail; the password stays as it is.\n",
            .unsubscribe_url = std::nullopt};
}

mail sign_in_mail(mail_language language, const std::string& account_name, const std::string& link) {
    if (language == mail_language::ru) return ru::sign_in_mail(account_name, link);
    return {.from = {},
            .to = {},
            .subject = "Sign in to Carcassonne",
            .body = "Someone asked to sign in to the account " + account_name +
                    ".\nOpen this link within 15 minutes, in the browser where you asked for it (it works once):\n" +
                    link + "\n\nIf it was not you, ignore this mail; nobody can use the link in another browser.\n",
            .unsubscribe_url = std::nullopt};
}

mail challenge_mail(mail_language language, const std::string& from_name, const std::string& link,
                    const std::string& unsubscribe_url) {
    if (language == mail_language::ru) return ru::challenge_mail(from_name, link, unsubscribe_url);
    return {.from = {},
            .to = {},
            .subject = from_name + " challenges you to a game of Carcassonne",
            .body = from_name + " opened a game for the two of you and waits for you.\nJoin: " + link +
                    "\n\nNo more mails about turns and challenges: " + unsubscribe_url + "\n",
            .unsubscribe_url = unsubscribe_url};
}

}  // namespace carc::server::notices
