// Mails and pushes in the account's language (docs/accounts.md, Notices): every mail's text in
// English and Russian, Russian's plural forms, no Latin word in a Russian mail but the names and
// links it carries; and over the real server with a real SMTP server (smtp_sink.py), a Russian
// account's turn mail arrives in Russian, and in English once the account switches.
#include <algorithm>
#include <cctype>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "mail_fixture.hpp"
#include "base/config.hpp"
#include "notices/mail_text.hpp"
#include "notices/notice_service.hpp"
#include "notices/push_message.hpp"
#include "notices/turns_mail.hpp"
#include "room_openings.hpp"
#include "smtp_sink.hpp"
#include "ws_client.hpp"

using namespace carc::test;
using namespace carc::server::notices;

namespace {

constexpr std::int64_t deadline = 1'900'000'000'000;  // 2030-03-17 17:46:40 UTC

waiting_game game(const std::string& room, std::string name, std::vector<std::string> opponents,
                  const std::string& kind = "your_turn") {
    return {room, kind, deadline, "http://x/#/room/" + room, std::move(name), std::move(opponents)};
}

// The mail's subject and body with every name and link it may carry taken out: what is left is
// the mail's own words.
std::string own_words(const mail& m, const std::vector<std::string>& carried) {
    std::string text = m.subject + "\n" + m.body;
    for (const std::string& piece : carried)
        for (auto at = text.find(piece); at != std::string::npos; at = text.find(piece)) text.erase(at, piece.size());
    return text;
}

bool has_latin_letter(const std::string& text) {
    return std::any_of(text.begin(), text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

}  // namespace

TEST_CASE("the account's language picks the mails' language, none chosen is English", "[server][notices]") {
    CHECK(mail_language_of("ru") == mail_language::ru);
    CHECK(mail_language_of("en") == mail_language::en);
    CHECK(mail_language_of("") == mail_language::en);
}

TEST_CASE("Russian plural forms: 1 and 21 take one, 2 and 22 few, 5 and 11 many", "[server][notices]") {
    const auto form = [](std::int64_t n) { return std::string(russian_plural(n, "игра", "игры", "игр")); };
    CHECK(form(1) == "игра");
    CHECK(form(2) == "игры");
    CHECK(form(4) == "игры");
    CHECK(form(5) == "игр");
    CHECK(form(11) == "игр");
    CHECK(form(12) == "игр");
    CHECK(form(14) == "игр");
    CHECK(form(21) == "игра");
    CHECK(form(22) == "игры");
    CHECK(form(25) == "игр");
    CHECK(form(0) == "игр");
    CHECK(form(101) == "игра");
    CHECK(form(111) == "игр");
    CHECK(form(112) == "игр");
}

TEST_CASE("a turn's mail in Russian names the room and the opponents, the deadline in Russian", "[server][notices]") {
    const std::string unsubscribe = "http://x/api/mail/unsubscribe?t=ab";
    const mail one = turns_mail(mail_language::ru, {game("r2", "Вечерняя партия", {"Bob"})}, unsubscribe);
    CHECK(one.subject == "Каркассон: ваш ход в игре «Вечерняя партия» против Bob");
    CHECK(one.body == "Ваш ход в игре «Вечерняя партия» против Bob.\n"
                      "Ход закончится 17.03.2030 в 17:46 по всемирному времени.\n"
                      "\nИграть: http://x/#/room/r2\n"
                      "\nБольше не присылать писем о ходах: http://x/api/mail/unsubscribe?t=ab\n");
    CHECK(one.unsubscribe_url == unsubscribe);

    const mail warning =
        turns_mail(mail_language::ru, {game("r3", "Tea", {"Bob", "Cy", "Dee"}, "time_running_out")}, unsubscribe);
    CHECK(warning.subject == "Каркассон: время на исходе в игре «Tea» против Bob, Cy и Dee");
    CHECK(warning.body.starts_with("В игре «Tea» против Bob, Cy и Dee время на ваш ход на исходе.\n"));

    // A room never named: its id.
    CHECK(turns_mail(mail_language::ru, {game("r9", "", {})}, unsubscribe).subject == "Каркассон: ваш ход в игре r9");
    // The same in English, as before.
    CHECK(turns_mail(mail_language::en, {game("r2", "Evening game", {"Bob"})}, unsubscribe).subject ==
          "Your turn in Carcassonne \u201cEvening game\u201d against Bob");
    CHECK(turns_mail(mail_language::en, {game("r9", "", {})}, unsubscribe).subject == "Your turn in Carcassonne game r9");
}

TEST_CASE("a mail naming several games counts them in Russian's plural forms", "[server][notices]") {
    const auto subject_for = [](int count) {
        std::vector<waiting_game> games;
        for (int i = 0; i < count; ++i) games.push_back(game("r" + std::to_string(i + 1), "", {}));
        return turns_mail(mail_language::ru, games, "http://x/u").subject;
    };
    CHECK(subject_for(2) == "Каркассон: 2 игры ждут вашего хода");
    CHECK(subject_for(5) == "Каркассон: 5 игр ждут вашего хода");
    CHECK(subject_for(11) == "Каркассон: 11 игр ждут вашего хода");
    CHECK(subject_for(21) == "Каркассон: 21 игра ждёт вашего хода");
    CHECK(subject_for(22) == "Каркассон: 22 игры ждут вашего хода");

    const mail two = turns_mail(mail_language::ru,
                                {game("r1", "Tea", {"Bob"}), game("r4", "", {}, "time_running_out")}, "http://x/u");
    CHECK(two.body == "2 игры ждут вашего хода.\n"
                      "\nИгра «Tea» против Bob: ваш ход, ход закончится 17.03.2030 в 17:46 по всемирному времени.\n"
                      "Играть: http://x/#/room/r1\n"
                      "\nИгра r4: время на исходе, ход закончится 17.03.2030 в 17:46 по всемирному времени.\n"
                      "Играть: http://x/#/room/r4\n"
                      "\nБольше не присылать писем о ходах: http://x/u\n");
    CHECK(turns_mail(mail_language::en, {game("r1", "", {}), game("r4", "", {})}, "http://x/u").subject ==
          "Your turn in 2 Carcassonne games");
}

TEST_CASE("every mail has a Russian text with no Latin word but the names and links it carries", "[server][notices]") {
    const std::string link = "http://mail.test/api/x?t=0123abcd";
    const std::string unsubscribe = "http://mail.test/api/mail/unsubscribe?t=ffee";
    const std::vector<std::string> carried = {link, unsubscribe, "http://x/#/room/r1", "http://x/#/room/r4",
                                              "Ada", "Bob", "Tea", "r4"};
    const std::vector<std::pair<std::string, mail>> mails = {
        {"turn", turn_mail(mail_language::ru, "your_turn", "«Tea» против Bob", deadline, link, unsubscribe)},
        {"time", turn_mail(mail_language::ru, "time_running_out", "r4", deadline, link, unsubscribe)},
        {"turns", turns_mail(mail_language::ru, {game("r1", "Tea", {"Bob"}), game("r4", "", {})}, unsubscribe)},
        {"confirm", confirm_mail(mail_language::ru, link)},
        {"reset", reset_mail(mail_language::ru, "Ada", link)},
        {"sign-in", sign_in_mail(mail_language::ru, "Ada", link)},
        {"challenge", challenge_mail(mail_language::ru, "Bob", link, unsubscribe)},
    };
    for (const auto& [kind, m] : mails) {
        INFO(kind << ": " << m.subject << "\n" << m.body);
        CHECK_FALSE(has_latin_letter(own_words(m, carried)));
        CHECK((kind == "turns" || m.body.find(link) != std::string::npos));
    }
    // The names and links are all there, as given.
    CHECK(mails[4].second.body.find("учётной записи Ada.") != std::string::npos);
    CHECK(mails[5].second.subject == "Вход в игру Каркассон");
    CHECK(mails[5].second.body.find("в течение 15 минут") != std::string::npos);
    CHECK(mails[6].second.subject == "Bob вызывает вас на партию в Каркассон");
    CHECK(mails[6].second.unsubscribe_url == unsubscribe);
    // English stays as it was.
    CHECK(confirm_mail(mail_language::en, link).subject == "Confirm your e-mail address for Carcassonne");
    CHECK(reset_mail(mail_language::en, "Ada", link).subject == "Reset your Carcassonne password");
    CHECK(sign_in_mail(mail_language::en, "Ada", link).subject == "Sign in to Carcassonne");
    CHECK(challenge_mail(mail_language::en, "Bob", link, unsubscribe).subject ==
          "Bob challenges you to a game of Carcassonne");
}

TEST_CASE("Web Push texts in the account's language", "[server][notices]") {
    using nlohmann::json;
    const json ru_turn = json::parse(turn_push(mail_language::ru, "your_turn", "r1", "Tea"));
    CHECK(ru_turn["title"] == "Ваш ход");
    CHECK(ru_turn["body"] == "Ваш ход в игре Tea");
    CHECK(ru_turn["kind"] == "your_turn");
    CHECK(ru_turn["game"] == "Tea");
    const json ru_time = json::parse(turn_push(mail_language::ru, "time_running_out", "r1", "Tea"));
    CHECK(ru_time["title"] == "Время на исходе");
    CHECK(ru_time["body"] == "Ваш ход в игре Tea: время на исходе");
    const json ru_challenge = json::parse(challenge_push(mail_language::ru, "r1", "Bob", "INV1"));
    CHECK(ru_challenge["title"] == "Вызов");
    CHECK(ru_challenge["body"] == "Bob вызывает вас на партию в Каркассон");
    CHECK(ru_challenge["url"] == "/#/invite/INV1");
    const json en_turn = json::parse(turn_push(mail_language::en, "your_turn", "r1", "Tea"));
    CHECK(en_turn["title"] == "Your turn");
    CHECK(en_turn["body"] == "Your turn in Tea");
}

TEST_CASE("a Russian account's turn mail arrives in Russian through the real server, English once it switches",
          "[server][notices]") {
    smtp_sink sink(free_port());
    account_server s(mail_config(sink.port()));

    // Signed up from a Russian page: the account's language is Russian.
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org", {{"language", "ru"}});

    ws_client ada(s.port(), {{"Cookie", "carc_session=" + cookie}, {"Origin", s.origin()}});
    REQUIRE(ada.hello("Ada")["type"] == "welcome");
    const std::string room = open_room(ada, {{"seats", 2}, {"name", "Вечерняя партия"}})["room"];
    ws_client bob(s.port());
    REQUIRE(bob.hello("Bob")["type"] == "welcome");
    REQUIRE(bob.request({{"type", "join"}, {"room", room}, {"seat", 1}})["type"] == "joined");
    REQUIRE(ada.request({{"type", "watch"}, {"room", nullptr}})["type"] == "ack");  // not looking at it

    auto* sender = s.state().notice_sender.get();
    REQUIRE(sender != nullptr);
    sender->your_turn(room, person, deadline);
    const std::string letter = sink.wait_for_mail(1);
    CHECK(mail_header(letter, "Subject") == "Каркассон: ваш ход в игре «Вечерняя партия» против Bob");
    CHECK(letter.find("\r\n\r\nВаш ход в игре «Вечерняя партия» против Bob.\r\n"
                      "Ход закончится 17.03.2030 в 17:46 по всемирному времени.\r\n") != std::string::npos);
    CHECK(letter.find("Играть: http://mail.test/#/room/" + room + "\r\n") != std::string::npos);
    CHECK(letter.find("Больше не присылать писем о ходах: http://mail.test/api/mail/unsubscribe?t=") !=
          std::string::npos);
    CHECK(mail_header(letter, "Content-Type") == "text/plain; charset=utf-8");

    // The page switched to English: the next mail is English.
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"language", "en"}}, cookie).status == 200);
    sender->time_running_out(room, person, deadline);
    const std::string next = sink.wait_for_mail(2);
    CHECK(mail_header(next, "Subject") == "Time is running out in Carcassonne \u201cВечерняя партия\u201d against Bob");
}
