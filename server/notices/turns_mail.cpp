#include "notices/turns_mail.hpp"

#include <fmt/format.h>

namespace carc::server::notices {

mail turns_mail(const std::vector<waiting_game>& games, const std::string& unsubscribe_url) {
    if (games.size() == 1) {
        const waiting_game& g = games.front();
        return turn_mail(g.kind, g.room_id, g.deadline_ms, g.link, unsubscribe_url);
    }
    mail m;
    m.subject = fmt::format("Your turn in {} Carcassonne games", games.size());
    m.body = fmt::format("{} games are waiting for your move.\n", games.size());
    for (const waiting_game& g : games) {
        m.body += "\nGame " + g.room_id + (g.kind == "time_running_out" ? ": time is running out" : ": your turn");
        m.body += g.deadline_ms > 0 ? ", it ends at " + utc_minute(g.deadline_ms) + ".\n" : ".\n";
        m.body += "Play: " + g.link + "\n";
    }
    m.body += "\nNo more mails about turns: " + unsubscribe_url + "\n";
    m.unsubscribe_url = unsubscribe_url;
    return m;
}

}  // namespace carc::server::notices
