#include "notices/mail_text_ru.hpp"

#include <ctime>

#include <fmt/format.h>

#include "notices/mail_language.hpp"

namespace carc::server::notices::ru {
namespace {

const std::string carcassonne = "Каркассон";

std::string footer(const std::string& unsubscribe_url) {
    return "\nБольше не присылать писем о ходах: " + unsubscribe_url + "\n";
}

}  // namespace

std::string utc_minute(std::int64_t unix_ms) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm t{};
    gmtime_r(&seconds, &t);
    return fmt::format("{:02}.{:02}.{} в {:02}:{:02} по всемирному времени", t.tm_mday, t.tm_mon + 1,
                       t.tm_year + 1900, t.tm_hour, t.tm_min);
}

std::string game_words(const waiting_game& g) {
    if (g.name.empty()) return g.room_id;
    std::string out = "\u00ab" + g.name + "\u00bb";
    for (std::size_t i = 0; i < g.opponents.size(); ++i)
        out += (i == 0 ? " против " : i + 1 == g.opponents.size() ? " и " : ", ") + g.opponents[i];
    return out;
}

mail turn_mail(const std::string& kind, const std::string& game, std::int64_t deadline_ms, const std::string& link,
               const std::string& unsubscribe_url) {
    mail m;
    const std::string until = deadline_ms > 0 ? "Ход закончится " + utc_minute(deadline_ms) + ".\n" : "";
    if (kind == "time_running_out") {
        m.subject = carcassonne + ": время на исходе в игре " + game;
        m.body = "В игре " + game + " время на ваш ход на исходе.\n" + until;
    } else {
        m.subject = carcassonne + ": ваш ход в игре " + game;
        m.body = "Ваш ход в игре " + game + ".\n" + until;
    }
    m.body += "\nИграть: " + link + "\n" + footer(unsubscribe_url);
    m.unsubscribe_url = unsubscribe_url;
    return m;
}

mail turns_mail(const std::vector<waiting_game>& games, const std::string& unsubscribe_url) {
    const auto n = static_cast<std::int64_t>(games.size());
    // "1 игра ждёт", "2 игры ждут", "5 игр ждут", "21 игра ждёт".
    const std::string waiting = fmt::format("{} {} {} вашего хода", n, russian_plural(n, "игра", "игры", "игр"),
                                            russian_plural(n, "ждёт", "ждут", "ждут"));
    mail m;
    m.subject = carcassonne + ": " + waiting;
    m.body = waiting + ".\n";
    for (const waiting_game& g : games) {
        m.body += "\nИгра " + game_words(g) + (g.kind == "time_running_out" ? ": время на исходе" : ": ваш ход");
        m.body += g.deadline_ms > 0 ? ", ход закончится " + utc_minute(g.deadline_ms) + ".\n" : ".\n";
        m.body += "Играть: " + g.link + "\n";
    }
    m.body += footer(unsubscribe_url);
    m.unsubscribe_url = unsubscribe_url;
    return m;
}

mail confirm_mail(const std::string& link) {
    return {.from = {},
            .to = {},
            .subject = "Подтвердите адрес почты для игры в " + carcassonne,
            .body = "Откройте эту ссылку, чтобы подтвердить, что этот адрес ваш:\n" + link +
                    "\n\nЕсли вы не указывали этот адрес, просто не обращайте внимания на это письмо.\n",
            .unsubscribe_url = std::nullopt};
}

mail reset_mail(const std::string& account_name, const std::string& link) {
    return {.from = {},
            .to = {},
            .subject = "Новый пароль для игры в " + carcassonne,
            .body = "Кто-то попросил сбросить пароль учётной записи " + account_name +
                    ".\nОткройте эту ссылку в течение часа, чтобы выбрать новый пароль (она сработает один раз):\n" +
                    link + "\n\nЕсли это были не вы, не обращайте внимания на это письмо: пароль останется прежним.\n",
            .unsubscribe_url = std::nullopt};
}

mail sign_in_mail(const std::string& account_name, const std::string& link) {
    return {.from = {},
            .to = {},
            .subject = "Вход в игру " + carcassonne,
            .body = "Кто-то попросил войти в учётную запись " + account_name +
                    ".\nОткройте эту ссылку в течение 15 минут в том браузере, где вы её запросили (она сработает "
                    "один раз):\n" +
                    link +
                    "\n\nЕсли это были не вы, не обращайте внимания на это письмо: в другом браузере ссылка не "
                    "сработает.\n",
            .unsubscribe_url = std::nullopt};
}

mail challenge_mail(const std::string& from_name, const std::string& link, const std::string& unsubscribe_url) {
    return {.from = {},
            .to = {},
            .subject = from_name + " вызывает вас на партию в " + carcassonne,
            .body = from_name + " открывает игру для вас двоих и ждёт вас.\nПрисоединиться: " + link +
                    "\n\nБольше не присылать писем о ходах и вызовах: " + unsubscribe_url + "\n",
            .unsubscribe_url = unsubscribe_url};
}

}  // namespace carc::server::notices::ru
