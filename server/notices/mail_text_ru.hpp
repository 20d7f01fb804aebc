#pragma once
// The mails in Russian (mail_text.hpp and turns_mail.hpp choose them for an account whose
// language is "ru"): the same mails, the same links, only Russian words beside the names.

#include <cstdint>
#include <string>
#include <vector>

#include "notices/turns_mail.hpp"

namespace carc::server::notices::ru {

// A UTC time as the body shows it: "31.01.2026 в 18:05 по всемирному времени".
std::string utc_minute(std::int64_t unix_ms);
// A game as the mail names it: "«Комната Ады» против Bob", else the room's id ("r2"); the
// sentence around it says "игра".
std::string game_words(const waiting_game& g);

mail turn_mail(const std::string& kind, const std::string& game, std::int64_t deadline_ms, const std::string& link,
               const std::string& unsubscribe_url);
mail turns_mail(const std::vector<waiting_game>& games, const std::string& unsubscribe_url);
mail confirm_mail(const std::string& link);
mail reset_mail(const std::string& account_name, const std::string& link);
mail sign_in_mail(const std::string& account_name, const std::string& link);
mail challenge_mail(const std::string& from_name, const std::string& link, const std::string& unsubscribe_url);

}  // namespace carc::server::notices::ru
