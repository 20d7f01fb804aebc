#pragma once
// The one mail that tells a player of every game waiting for them (turn mails are coalesced per
// player: docs/accounts.md, Notices). One game: the turn's own mail (mail_text.hpp).

#include <cstdint>
#include <string>
#include <vector>

#include "notices/mail_text.hpp"

namespace carc::server::notices {

struct waiting_game {
    std::string room_id;
    std::string kind;  // "your_turn" or "time_running_out"
    std::int64_t deadline_ms = 0;
    std::string link;  // the game's page
    std::string name;                    // the room's name, as its players know it ("" unknown)
    std::vector<std::string> opponents;  // the other players' names
};

// A game as the mail names it: "“Ada's room” against Bob", else "game r2" (in Russian
// "«Комната Ады» против Bob", else "r2").
std::string game_words(mail_language language, const waiting_game& g);

// `games` is not empty, each room once; in the account's language.
mail turns_mail(mail_language language, const std::vector<waiting_game>& games, const std::string& unsubscribe_url);

}  // namespace carc::server::notices
