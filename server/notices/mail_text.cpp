#include "notices/mail_text.hpp"

#include <ctime>

#include <fmt/format.h>

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

}  // namespace

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
        m.from, m.to, m.subject, mail_date(now_ms), message_id, domain);
    if (m.unsubscribe_url)
        head += fmt::format("List-Unsubscribe: <{}>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n",
                            *m.unsubscribe_url);
    return crlf(head + "\n" + m.body);
}

mail turn_mail(const std::string& kind, const std::string& room_id, std::int64_t deadline_ms,
               const std::string& link, const std::string& unsubscribe_url) {
    mail m;
    const std::string until = deadline_ms > 0 ? "The turn ends at " + utc_minute(deadline_ms) + ".\n" : "";
    if (kind == "time_running_out") {
        m.subject = "Time is running out in Carcassonne game " + room_id;
        m.body = "Your turn in game " + room_id + " is about to run out.\n" + until;
    } else {
        m.subject = "Your turn in Carcassonne game " + room_id;
        m.body = "It is your turn in game " + room_id + ".\n" + until;
    }
    m.body += "\nPlay: " + link + "\n\nNo more mails about turns: " + unsubscribe_url + "\n";
    m.unsubscribe_url = unsubscribe_url;
    return m;
}

mail confirm_mail(const std::string& link) {
    return {.from = {},
            .to = {},
            .subject = "Confirm your e-mail address for Carcassonne",
            .body = "Open this link to confirm that this address is yours:\n" + link +
                    "\n\nIf you did not give this address, ignore this mail.\n",
            .unsubscribe_url = std::nullopt};
}

mail reset_mail(const std::string& account_name, const std::string& link) {
    return {.from = {},
            .to = {},
            .subject = "Reset your Carcassonne password",
            .body = "Someone asked to reset the password of the account " + account_name +
                    ".\nOpen this link within an hour to choose a new one (it works once):\n" + link +
                    "\n\nIf it was not you, ignore this mail; the password stays as it is.\n",
            .unsubscribe_url = std::nullopt};
}

mail challenge_mail(const std::string& from_name, const std::string& link, const std::string& unsubscribe_url) {
    return {.from = {},
            .to = {},
            .subject = from_name + " challenges you to a game of Carcassonne",
            .body = from_name + " opened a game for the two of you and waits for you.\nJoin: " + link +
                    "\n\nNo more mails about turns and challenges: " + unsubscribe_url + "\n",
            .unsubscribe_url = unsubscribe_url};
}

}  // namespace carc::server::notices
