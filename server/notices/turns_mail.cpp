#include "notices/turns_mail.hpp"

#include <cctype>

#include <fmt/format.h>

#include "notices/mail_text_ru.hpp"

namespace carc::server::notices {

std::string game_words(mail_language language, const waiting_game& g) {
    if (language == mail_language::ru) return ru::game_words(g);
    if (g.name.empty()) return "game " + g.room_id;
    std::string out = "\u201c" + g.name + "\u201d";
    for (std::size_t i = 0; i < g.opponents.size(); ++i)
        out += (i == 0 ? " against " : i + 1 == g.opponents.size() ? " and " : ", ") + g.opponents[i];
    return out;
}

mail turns_mail(mail_language language, const std::vector<waiting_game>& games, const std::string& unsubscribe_url) {
    if (games.size() == 1) {
        const waiting_game& g = games.front();
        return turn_mail(language, g.kind, game_words(language, g), g.deadline_ms, g.link, unsubscribe_url);
    }
    if (language == mail_language::ru) return ru::turns_mail(games, unsubscribe_url);
    mail m;
    m.subject = fmt::format("Your turn in {} Carcassonne games", games.size());
    m.body = fmt::format("{} games are waiting for your move.\n", games.size());
    for (const waiting_game& g : games) {
        const std::string words = game_words(language, g);
        m.body += "\n" + std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])))) + words.substr(1) +
                  (g.kind == "time_running_out" ? ": time is running out" : ": your turn");
        m.body += g.deadline_ms > 0 ? ", it ends at " + utc_minute(g.deadline_ms) + ".\n" : ".\n";
        m.body += "Play: " + g.link + "\n";
    }
    m.body += "\nNo more mails about turns: " + unsubscribe_url + "\n";
    m.unsubscribe_url = unsubscribe_url;
    return m;
}

}  // namespace carc::server::notices
