// Notices (docs/accounts.md, Notices) against a real SMTP server (smtp_sink.py): a turn's mail
// names and links the room and unsubscribes in one click; no mail while the player watches the
// game, a `notice` message to their open connections when they do not; a mail server that is
// down delays the mail, across a restart, and it then arrives once; the confirmation link
// confirms; a password reset link works once and ends every session; a webhook gets its JSON
// (webhook_sink.hpp), never on a private address unless allowed. A webhook host that never
// answers (silent_host.hpp) holds up no mail and no other host; mails sent unasked stay within
// their limits per address and per account; a player's turns go in one mail; a hidden tab
// watches nothing. The channels' names, in the account's choices and in the queue, come from
// one table.
#include <set>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "mail_fixture.hpp"
#include "carc/storage/notice_store.hpp"
#include "base/config.hpp"
#include "notices/link_params.hpp"
#include "notices/mail_text.hpp"
#include "notices/notice_channel.hpp"
#include "notices/notice_service.hpp"
#include "notices/destination_gate.hpp"
#include "room_openings.hpp"
#include "silent_host.hpp"
#include "smtp_sink.hpp"
#include "webhook_sink.hpp"
#include "ws_client.hpp"
#include "wait_until.hpp"

using namespace carc::test;

namespace {

constexpr const char* password = mail_password;
constexpr const char* public_url = mail_public_url;

carc::server::notices::notice_service& sender(account_server& s) {
    auto* found = s.state().notice_sender.get();
    REQUIRE(found != nullptr);
    return *found;
}

carc::storage::NoticeStore& queue_of(account_server& s) { return dynamic_cast<carc::storage::NoticeStore&>(*s.store); }

// Who a mail went to (smtp_sink.py's first line).
std::string recipient_of(const std::string& letter) {
    const std::string prefix = "X-Rcpt-To: ";
    REQUIRE(letter.starts_with(prefix));
    return letter.substr(prefix.size(), letter.find_first_of("\r\n") - prefix.size());
}

}  // namespace

TEST_CASE("signing up with an address mails a link that confirms it, once", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto made = sign_up(s.port(), "Ada", password, {{"email", "ada@example.org"}});
    REQUIRE(made.status == 201);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, made.cookie()).body["email_confirmed"] == false);

    const std::string letter = mail.wait_for_mail(1);
    CHECK(letter.starts_with("X-Rcpt-To: ada@example.org"));
    CHECK(mail_header(letter, "Subject").find("Confirm") != std::string::npos);
    CHECK(mail_header(letter, "List-Unsubscribe").empty());
    const std::string link = mail_link(letter, std::string(public_url) + "/api/mail/confirm?t=");
    REQUIRE_FALSE(link.empty());

    const auto page = http_get(s.port(), target_of(link));
    CHECK(page.status == 200);
    CHECK(page.body.find("confirmed") != std::string::npos);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, made.cookie()).body["email_confirmed"] == true);
    CHECK(http_get(s.port(), target_of(link)).status == 404);  // used up
    CHECK(http_get(s.port(), "/api/mail/confirm?t=" + std::string(64, 'a')).status == 404);  // forged
}

TEST_CASE("a turn's mail names the room, links into it, and unsubscribing stops them", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");

    sender(s).your_turn("r7", person, 1'900'000'000'000);
    const std::string letter = mail.wait_for_mail(1);
    CHECK(mail_header(letter, "Subject") == "Your turn in Carcassonne game r7");
    CHECK(letter.find("http://mail.test/#/room/r7") != std::string::npos);
    CHECK(letter.find("2030-03-17 17:46 UTC") != std::string::npos);  // the deadline
    const std::string list_unsubscribe = mail_header(letter, "List-Unsubscribe");
    CHECK(mail_header(letter, "List-Unsubscribe-Post") == "List-Unsubscribe=One-Click");
    REQUIRE(list_unsubscribe.starts_with("<http://mail.test/api/mail/unsubscribe?t="));
    const std::string unsubscribe = target_of(list_unsubscribe.substr(1, list_unsubscribe.size() - 2));

    // Opening the link (as a mail scanner does) shows a button and changes nothing.
    const auto page = http_get(s.port(), unsubscribe);
    CHECK(page.status == 200);
    CHECK(page.body.find("<form method=\"post\" action=\"" + unsubscribe + "\">") != std::string::npos);
    CHECK(page.body.find("<button>Unsubscribe</button>") != std::string::npos);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, cookie).body["notices"]["email"] == true);
    // The one click (RFC 8058), as the mail program or the button sends it, unsubscribes.
    const auto clicked = http_send("127.0.0.1", s.port(), "POST", unsubscribe,
                                   {{"Content-Type", "application/x-www-form-urlencoded"}}, "List-Unsubscribe=One-Click");
    CHECK(clicked.status == 200);
    CHECK(clicked.body.find("no more mails") != std::string::npos);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, cookie).body["notices"]["email"] == false);

    // No more turn mails: the next mail to arrive is the reset asked for after the turn.
    sender(s).your_turn("r8", person, 0);
    REQUIRE(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    const std::string next = mail.wait_for_mail(2);
    CHECK(mail_header(next, "Subject").find("Reset") != std::string::npos);
    CHECK(mail.mails().size() == 2);
}

TEST_CASE("no mail while the player watches the game, a notice message when she looks elsewhere", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");
    const std::map<std::string, std::string> headers{{"Cookie", "carc_session=" + cookie}, {"Origin", s.origin()}};
    ws_client ada(s.port(), headers);
    REQUIRE(ada.hello("Ada")["type"] == "welcome");
    const std::string room = open_room(ada, {{"seats", 2}, {"name", "Evening game"}})["room"];
    ws_client bob(s.port());
    REQUIRE(bob.hello("Bob")["type"] == "welcome");
    REQUIRE(bob.request({{"type", "join"}, {"room", room}, {"seat", 1}})["type"] == "joined");
    // A connection that never said `watch` is sent every view of its rooms: it watches them.
    CHECK(sender(s).watching(room, person));
    sender(s).your_turn(room, person, 0);

    // Back in the lobby; another tab shows the game: still watching.
    REQUIRE(ada.request({{"type", "watch"}, {"room", nullptr}})["type"] == "ack");
    CHECK_FALSE(sender(s).watching(room, person));
    {
        ws_client tab(s.port(), headers);
        REQUIRE(tab.hello("Ada")["type"] == "welcome");
        REQUIRE(tab.request({{"type", "watch"}, {"room", room}})["type"] == "ack");
        CHECK(sender(s).watching(room, person));
        sender(s).your_turn(room, person, 0);
    }
    // The tab closed: nobody shows the game any more.
    wait_until([&] { return !sender(s).watching(room, person); });
    sender(s).your_turn(room, person, 1'900'000'000'000);
    const auto notice = ada.wait_type("notice");
    REQUIRE(notice.has_value());
    CHECK((*notice)["kind"] == "your_turn");
    CHECK((*notice)["room"] == room);
    CHECK((*notice)["deadline_ms"] == 1'900'000'000'000);
    // The first mail is this one (the turns passed while watching queued none before it).
    const std::string letter = mail.wait_for_mail(1);
    // The game as its players know it: the room's name and the opponent, not its id.
    CHECK(mail_header(letter, "Subject") == "Your turn in Carcassonne \u201cEvening game\u201d against Bob");
    CHECK(letter.find("It is your turn in \u201cEvening game\u201d against Bob.\r\n") != std::string::npos);
    CHECK(letter.find("2030-03-17 17:46 UTC") != std::string::npos);
    wait_until([&] { return dynamic_cast<carc::storage::NoticeStore&>(*s.store).queued_notices().value() == 0; });
    CHECK(mail.mails().size() == 1);
}

TEST_CASE("a webhook receives the turn's JSON, a private address is refused when not allowed", "[server][notices]") {
    webhook_sink hook;
    auto config = test_config();
    config.public_url = public_url;
    config.accounts.allow_private_webhooks = true;  // the sink is on loopback
    account_server s(config);
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);
    const std::string person = made.body["person"];
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"webhook", hook.url()}}, made.cookie()).status == 200);

    sender(s).your_turn("r5", person, 1'900'000'000'000);
    wait_until([&] { return !hook.requests().empty(); });
    const std::string request = hook.requests().front();
    REQUIRE(request.starts_with("POST /hook\n"));
    const auto body = nlohmann::json::parse(request.substr(request.find('\n') + 1));
    CHECK(body == nlohmann::json{{"kind", "your_turn"},
                                 {"room", "r5"},
                                 {"deadline_ms", 1'900'000'000'000},
                                 {"url", "http://mail.test/#/room/r5"}});

    // Switched off for her webhook: nothing more for her. Bob's, after hers, still comes.
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"notices", {{"webhook", false}}}}, made.cookie()).status == 200);
    const auto bob = sign_up(s.port(), "Bob", password);
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"webhook", hook.url()}}, bob.cookie()).status == 200);
    sender(s).time_running_out("r5", person, 1'900'000'000'000);
    sender(s).time_running_out("r6", bob.body["person"], 0);
    wait_until([&] { return hook.requests().size() >= 2; });
    wait_until([&] { return dynamic_cast<carc::storage::NoticeStore&>(*s.store).queued_notices().value() == 0; });
    const auto requests = hook.requests();
    CHECK(requests.size() == 2);
    CHECK(requests.back().find("\"room\":\"r6\"") != std::string::npos);
    CHECK(requests.back().find("\"kind\":\"time_running_out\"") != std::string::npos);
}

TEST_CASE("a webhook on a private address is not called unless the operator allows it", "[server][notices]") {
    webhook_sink hook;
    auto config = test_config();
    config.public_url = public_url;
    account_server s(config);
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);
    const std::string person = made.body["person"];
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"webhook", hook.url()}}, made.cookie()).status == 400);
    // Stored before the operator forbade private addresses: refused when connecting.
    auto settings = s.accounts().account_of(person).value()->settings;
    settings.webhook_url = hook.url();
    REQUIRE(s.accounts().update_settings(person, settings).ok());
    sender(s).your_turn("r5", person, 0);
    wait_until([&] { return sender(s).failed_attempts() >= 1; });
    CHECK(hook.requests().empty());
}

TEST_CASE("a mail server that is down delays the notice, which then arrives exactly once", "[server][notices]") {
    const unsigned short port = free_port();
    account_server s(mail_config(port));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");
    auto& notices = dynamic_cast<carc::storage::NoticeStore&>(*s.store);

    sender(s).your_turn("r9", person, 0);
    wait_until([&] { return sender(s).failed_attempts() >= 2; });  // refused, retried, refused
    CHECK(notices.queued_notices().value() == 1);
    CHECK(sender(s).sent() == 0);

    // The server restarts meanwhile: the notice waits in the store.
    s.server.reset();
    s.store.reset();
    s.stores = {};
    carc::storage::SqliteOptions options;
    options.data_dir = s.dir;
    s.stores = carc::storage::open_sqlite_stores(options).value();
    s.store = s.stores.games;
    s.server = std::make_unique<test_server>(mail_config(port), s.stores);
    auto& kept = dynamic_cast<carc::storage::NoticeStore&>(*s.store);
    CHECK(kept.queued_notices().value() == 1);

    smtp_sink mail(port);
    const std::string letter = mail.wait_for_mail(1);
    CHECK(mail_header(letter, "Subject") == "Your turn in Carcassonne game r9");
    wait_until([&] { return kept.queued_notices().value() == 0; });
    CHECK(sender(s).sent() == 1);
    CHECK(mail.mails().size() == 1);  // out of the queue once sent: nothing left to send again
}

TEST_CASE("a password reset link works once, sets the password and ends every session", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");
    // Locked out at her own address by wrong passwords (hers or anyone's there) ...
    for (int i = 0; i < 10; ++i) CHECK(sign_in(s.port(), "Ada", "wrong " + std::to_string(i)).status == 401);
    CHECK(sign_in(s.port(), "Ada", password).status == 429);

    // The same answer whether the account exists.
    const auto asked = call_api(s.port(), "POST", "/api/password-reset", {{"account", "ADA@example.org"}});
    const auto nobody = call_api(s.port(), "POST", "/api/password-reset", {{"account", "Nobody"}});
    CHECK(asked.status == 202);
    CHECK(nobody.status == 202);
    CHECK(asked.body == nobody.body);
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"name", "Ada"}}).status == 400);
    // Asking again at once mails nothing more (one reset mail a minute per account).
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    CHECK_FALSE(sender(s).password_reset_asked(person));

    const std::string letter = mail.wait_for_mail(1);
    const std::string link = mail_link(letter, std::string(public_url) + "/api/password-reset?t=");
    REQUIRE_FALSE(link.empty());
    const std::string token = link.substr(link.find("t=") + 2);
    const auto form = http_get(s.port(), target_of(link));
    CHECK(form.status == 200);
    CHECK(form.body.find("name=\"password\"") != std::string::npos);

    // A refused password leaves the link working.
    CHECK(call_api(s.port(), "POST", "/api/password-reset/new", {{"token", token}, {"password", "short"}}).status == 400);
    const auto set = call_api(s.port(), "POST", "/api/password-reset/new", {{"token", token}, {"password", "a new password"}});
    CHECK(set.status == 200);
    CHECK(set.body["ended"] == 1);
    CHECK(call_api(s.port(), "GET", "/api/me", nullptr, cookie).status == 401);
    // ... the new password works at once after the reset.
    CHECK(sign_in(s.port(), "Ada", "a new password").status == 200);
    CHECK(sign_in(s.port(), "Ada", password).status == 401);
    // Once only.
    CHECK(call_api(s.port(), "POST", "/api/password-reset/new", {{"token", token}, {"password", "another one!"}}).status == 404);
    CHECK(http_get(s.port(), target_of(link)).status == 404);
    CHECK(mail.mails().size() == 1);
}

TEST_CASE("the notice flags: --smtp needs --mail-from and --public-url, bad values are refused", "[server][notices]") {
    const auto parse = [](std::vector<std::string> args) {
        args.insert(args.begin(), "carc-server");
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        return carc::server::parse_command_line(static_cast<int>(argv.size()), argv.data());
    };
    const auto parsed = parse({"--smtp", "smtp://127.0.0.1:2525", "--mail-from", "carc@mail.test", "--public-url",
                               "https://carc.example", "--mail-retry-ms", "250"});
    REQUIRE(parsed.config);
    CHECK(parsed.config->notices.smtp_url == "smtp://127.0.0.1:2525");
    CHECK(parsed.config->notices.mail_from == "carc@mail.test");
    CHECK(parsed.config->notices.retry_first == std::chrono::milliseconds(250));
    CHECK(parse({"--smtp", "smtp://127.0.0.1:2525", "--public-url", "https://carc.example"}).exit_code == 2);
    CHECK(parse({"--smtp", "smtp://127.0.0.1:2525", "--mail-from", "carc@mail.test"}).exit_code == 2);
    CHECK(parse({"--smtp", "http://127.0.0.1:2525"}).exit_code == 2);
    CHECK(parse({"--mail-from", "carc@mail.test\r\nBcc: x@y.z"}).exit_code == 2);
    CHECK(parse({"--mail-retry-ms", "0"}).exit_code == 2);
}

TEST_CASE("a turn's mail text: headers, CRLF lines, the links, link parameters decoded", "[server][notices]") {
    using namespace carc::server::notices;
    mail m = turn_mail(mail_language::en, "time_running_out", "game r4", 1'900'000'000'000, "http://x/#/room/r4", "http://x/api/mail/unsubscribe?t=ab");
    m.from = "carc@mail.test";
    m.to = "ada@example.org";
    const std::string text = mail_text(m, 1'900'000'000'000, "0123");
    CHECK(text.starts_with("From: <carc@mail.test>\r\nTo: <ada@example.org>\r\n"));
    CHECK(mail_header(text, "Subject") == "Time is running out in Carcassonne game r4");
    CHECK(mail_header(text, "Message-ID") == "<0123@mail.test>");
    CHECK(mail_header(text, "Date") == "Sun, 17 Mar 2030 17:46:40 +0000");
    CHECK(mail_header(text, "List-Unsubscribe") == "<http://x/api/mail/unsubscribe?t=ab>");
    CHECK(text.find("\r\n\r\nYour turn in game r4 is about to run out.\r\n") != std::string::npos);
    CHECK(text.find('\n') == text.find("\r\n") + 1);  // every line ends in CRLF
    CHECK(std::count(text.begin(), text.end(), '\n') == std::count(text.begin(), text.end(), '\r'));

    CHECK(form_field("t=ab%2Bc&password=a+b%21", "password") == "a b!");
    CHECK(form_field("t=ab%2Bc&password=a+b%21", "t") == "ab+c");
    CHECK_FALSE(form_field("t=1", "password"));
    CHECK(query_field("/api/mail/confirm?t=abc#x", "t") == "abc");
    CHECK_FALSE(query_field("/api/mail/confirm", "t"));
    CHECK(token_shaped(std::string(64, 'a')));
    CHECK_FALSE(token_shaped(std::string(64, 'A')));
    CHECK_FALSE(token_shaped(std::string(63, 'a')));
}

TEST_CASE("no typed text can add a mail header: the subject is RFC 2047 words, addresses keep only address characters",
          "[server][notices]") {
    using namespace carc::server::notices;
    const std::string name = "E\r\nBcc: a@b.co";
    mail m = challenge_mail(mail_language::en, name, "http://x/#/invite/i1", "http://x/api/mail/unsubscribe?t=ab");
    m.from = "carc@mail.test";
    m.to = "ada@example.org>\r\nCc: <b@c.co";
    const std::string text = mail_text(m, 1'900'000'000'000, "0123");
    // Every line of the head starts one of the mail's own headers or continues one (a space).
    const std::string head = text.substr(0, text.find("\r\n\r\n") + 2);
    std::vector<std::string> fields;
    for (std::size_t start = 0; start < head.size();) {
        const auto end = head.find("\r\n", start);
        const std::string line = head.substr(start, end - start);
        if (!line.starts_with(" ")) fields.push_back(line.substr(0, line.find(':')));
        start = end + 2;
    }
    CHECK(fields == std::vector<std::string>{"From", "To", "Subject", "Date", "Message-ID", "MIME-Version",
                                             "Content-Type", "Content-Transfer-Encoding", "Auto-Submitted",
                                             "List-Unsubscribe", "List-Unsubscribe-Post"});
    CHECK(head.find("Bcc") == std::string::npos);  // the name is nowhere raw
    CHECK(raw_mail_header(text, "Subject").starts_with("=?UTF-8?B?"));
    CHECK(mail_header(text, "Subject") == name + " challenges you to a game of Carcassonne");
    CHECK(mail_header(text, "To") == "<ada@example.orgCc:b@c.co>");  // one address, however odd
    CHECK(std::count(text.begin(), text.end(), '\n') == std::count(text.begin(), text.end(), '\r'));

    // A long subject of many-byte characters folds into words of at most 75 characters, each
    // word whole characters, and decodes to the text.
    const std::string long_text = "Ёжик и медвежонок в тумане: ход в игре Каркассон, которая длится долго";
    const std::string words = encoded_words(long_text);
    CHECK(words.find('\n') != std::string::npos);
    std::size_t start = 0;
    while (start < words.size()) {
        const auto end = std::min(words.find('\n', start), words.size());
        const std::string line = words.substr(start, end - start);
        CHECK(line.size() <= 76);  // the folding space and a word of at most 75
        const std::string word = line.starts_with(" ") ? line.substr(1) : line;
        const std::string decoded = decoded_words(word);
        CHECK((static_cast<unsigned char>(decoded.front()) & 0xC0) != 0x80);  // starts a character
        start = end + 1;
    }
    std::string folded = words;
    std::string unfolded;
    for (std::size_t i = 0; i < folded.size(); ++i)
        if (folded[i] != '\n') unfolded += folded[i];
    CHECK(decoded_words(unfolded) == long_text);
}

TEST_CASE("a borrowed session cannot take the account: a new address needs the password and reset links wait "
          "for its confirmation",
          "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");

    // Only the session: refused, the address stays.
    const auto no_password = call_api(s.port(), "PATCH", "/api/me", {{"email", "thief@evil.example"}}, cookie);
    CHECK(no_password.status == 403);
    CHECK(no_password.body["error"] == "password_required");
    CHECK(no_password.body["message"] == "changing the e-mail address needs your password: send it as 'password'");
    const auto wrong = call_api(s.port(), "PATCH", "/api/me", {{"email", "thief@evil.example"}, {"password", "guessing"}},
                                cookie);
    CHECK(wrong.status == 403);
    CHECK(wrong.body["error"] == "wrong_password");
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"email", nullptr}}, cookie).status == 403);  // clearing it too
    auto me = call_api(s.port(), "GET", "/api/me", nullptr, cookie).body;
    CHECK(me["email"] == "ada@example.org");
    CHECK(me["email_confirmed"] == true);
    // Settings that hand nothing over need no password.
    CHECK(call_api(s.port(), "PATCH", "/api/me", {{"auto_vacation", false}}, cookie).status == 200);

    // With the password: the new address is unconfirmed, gets the confirmation mail, no reset link.
    const auto changed = call_api(s.port(), "PATCH", "/api/me", {{"email", "ada@new.example"}, {"password", password}},
                                  cookie);
    CHECK(changed.status == 200);
    CHECK(changed.body["email_confirmed"] == false);
    const std::string confirmation = mail.wait_for_mail(1);
    CHECK(confirmation.starts_with("X-Rcpt-To: ada@new.example"));
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "ada@new.example"}}).status == 202);
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "ada@example.org"}}).status == 202);

    // Once the new address is confirmed, a reset link goes there: the second mail of all.
    const std::string link = mail_link(confirmation, std::string(public_url) + "/api/mail/confirm?t=");
    REQUIRE(http_get(s.port(), target_of(link)).status == 200);
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    const std::string reset = mail.wait_for_mail(2);
    CHECK(reset.starts_with("X-Rcpt-To: ada@new.example"));
    CHECK(mail_header(reset, "Subject").find("Reset") != std::string::npos);
    CHECK(mail.mails().size() == 2);
}

TEST_CASE("a mistyped address at sign-up gets the confirmation mail and never a reset link", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    REQUIRE(sign_up(s.port(), "Ada", password, {{"email", "ada@exmaple.org"}}).status == 201);
    const std::string confirmation = mail.wait_for_mail(1);
    CHECK(mail_header(confirmation, "Subject").find("Confirm") != std::string::npos);
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    CHECK(call_api(s.port(), "POST", "/api/password-reset", {{"account", "ada@exmaple.org"}}).status == 202);
    // The next mail to arrive is Bea's confirmation: nothing went to Ada's typo in between.
    REQUIRE(sign_up(s.port(), "Bea", password, {{"email", "bea@example.org"}}).status == 201);
    const std::string next = mail.wait_for_mail(2);
    CHECK(next.starts_with("X-Rcpt-To: bea@example.org"));
    CHECK(mail.mails().size() == 2);
}

TEST_CASE("asking a password reset takes JSON from this site only", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");
    // A cross-site form's POST: text/plain, or from another origin.
    const auto plain = http_send("127.0.0.1", s.port(), "POST", "/api/password-reset", {{"Content-Type", "text/plain"}},
                                 R"({"account": "Ada"})");
    CHECK(plain.status == 403);
    const auto form = http_send("127.0.0.1", s.port(), "POST", "/api/password-reset",
                                {{"Content-Type", "application/x-www-form-urlencoded"}}, "account=Ada");
    CHECK(form.status == 403);
    const auto foreign = call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}, {},
                                  {{"Origin", "https://evil.example"}});
    CHECK(foreign.status == 403);
    CHECK(foreign.body["error"] == "cross_site");
    // None of them asked anything: the throttle of one reset a minute is still free.
    CHECK(sender(s).password_reset_asked(person));
    const auto own = call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}, {},
                              {{"Origin", s.origin()}, {"Host", "127.0.0.1:" + std::to_string(s.port())}});
    CHECK(own.status == 202);
}

TEST_CASE("a webhook host that never answers holds up neither the mail nor another host's webhook",
          "[server][notices]") {
    smtp_sink mail(free_port());
    silent_host silent;
    webhook_sink hook;
    auto config = mail_config(mail.port());
    config.accounts.allow_private_webhooks = true;  // both hosts are on loopback
    account_server s(config);
    const auto bob = sign_up(s.port(), "Bob", password);
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"webhook", silent.url()}}, bob.cookie()).status == 200);
    const auto carl = sign_up(s.port(), "Carl", password);
    REQUIRE(call_api(s.port(), "PATCH", "/api/me", {{"webhook", hook.url()}}, carl.cookie()).status == 200);

    // Bob's host takes the first POST and never answers (20 s until it times out); his other
    // turns wait for that host alone.
    for (const char* room : {"r1", "r2", "r3"}) sender(s).your_turn(room, bob.body["person"], 0);
    sender(s).your_turn("r4", carl.body["person"], 0);
    REQUIRE(sign_up(s.port(), "Ada", password, {{"email", "ada@example.org"}}).status == 201);

    const std::string letter = mail.wait_for_mail(1);
    CHECK(recipient_of(letter) == "ada@example.org");
    wait_until([&] { return !hook.requests().empty(); });
    CHECK(hook.requests().front().find("\"room\":\"r4\"") != std::string::npos);
    // Both arrived while Bob's host still held its first POST: nothing has failed yet. (The
    // sender counts a webhook as sent once its host has answered, just after the sink kept it.)
    wait_until([&] { return sender(s).sent() == 2 && queue_of(s).queued_notices().value() == 3; });
    CHECK(sender(s).failed_attempts() == 0);
    CHECK(sender(s).sent() == 2);
    CHECK(queue_of(s).queued_notices().value() == 3);  // Bob's, all still to go
}

TEST_CASE("webhook hosts: one transfer at a time per host, a failing host backs off alone", "[server][notices]") {
    using namespace carc::server::notices;
    CHECK(destination_of("https://User:secret@Hooks.Example:8443/a/b?c=d") == "https://hooks.example:8443");
    CHECK(destination_of("http://127.0.0.1:9000/hook") == "http://127.0.0.1:9000");
    destination_gate gate(100, 400);
    CHECK_FALSE(gate.try_begin("http://a", 1'000).has_value());
    CHECK(gate.try_begin("http://a", 1'010) == 1'110);  // busy: look again shortly
    CHECK_FALSE(gate.try_begin("http://b", 1'010).has_value());  // another host goes on
    gate.finished("http://b", true, 1'020);
    gate.finished("http://a", false, 1'050);
    CHECK(gate.try_begin("http://a", 1'100) == 1'150);  // backing off
    CHECK_FALSE(gate.try_begin("http://b", 1'100).has_value());
    gate.finished("http://b", true, 1'120);
    CHECK_FALSE(gate.try_begin("http://a", 1'150).has_value());
    gate.finished("http://a", false, 2'000);  // the second failure in a row: twice as long
    CHECK(gate.try_begin("http://a", 2'100) == 2'200);
    CHECK_FALSE(gate.try_begin("http://a", 2'200).has_value());
    gate.finished("http://a", true, 2'300);  // answered: afresh
    CHECK_FALSE(gate.try_begin("http://a", 2'300).has_value());
    gate.finished("http://a", false, 2'400);
    CHECK(gate.try_begin("http://a", 2'400) == 2'500);
}

TEST_CASE("sign-ups naming one stranger's address mail it only up to the limit per address", "[server][notices]") {
    smtp_sink mail(free_port());
    auto config = mail_config(mail.port());
    config.notices.unasked_per_address = 2;
    account_server s(config);
    for (int i = 0; i < 5; ++i)
        REQUIRE(sign_up(s.port(), "Ada" + std::to_string(i), password, {{"email", "Stranger@example.org"}}).status == 201);
    // Each confirmation is sent or dropped, none left queued.
    wait_until([&] { return sender(s).sent() + sender(s).over_limit() == 5; });
    wait_until([&] { return queue_of(s).queued_notices().value() == 0; });
    CHECK(sender(s).sent() == 2);
    CHECK(sender(s).over_limit() == 3);
    const auto mails = mail.mails();
    REQUIRE(mails.size() == 2);
    for (const auto& letter : mails) CHECK(recipient_of(letter) == "Stranger@example.org");
    // A password reset is one more unasked mail to that address (once confirmed: resets go only
    // to a confirmed address): over the limit too.
    const auto ada0 = s.accounts().account_by_name("ada0").value();
    REQUIRE(ada0);
    auto confirmed = ada0->settings;
    confirmed.email_confirmed = true;
    REQUIRE(s.accounts().update_settings(ada0->person_id, confirmed).ok());
    REQUIRE(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada0"}}).status == 202);
    wait_until([&] { return sender(s).over_limit() == 4; });
    CHECK(mail.mails().size() == 2);
}

TEST_CASE("address changes on one account mail confirmations only up to the limit per account", "[server][notices]") {
    smtp_sink mail(free_port());
    auto config = mail_config(mail.port());
    config.notices.unasked_per_account = 3;
    account_server s(config);
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);
    const std::string person = made.body["person"];
    for (int i = 0; i < 8; ++i) {
        auto settings = s.accounts().account_of(person).value()->settings;
        settings.email = "ada" + std::to_string(i) + "@example.org";
        settings.email_confirmed = false;
        REQUIRE(s.accounts().update_settings(person, settings).ok());
        sender(s).email_changed(person);
        wait_until([&] { return sender(s).sent() + sender(s).over_limit() == static_cast<std::uint64_t>(i + 1); });
    }
    CHECK(sender(s).sent() == 3);
    CHECK(sender(s).over_limit() == 5);
    std::set<std::string> recipients;
    for (const auto& letter : mail.mails()) recipients.insert(recipient_of(letter));
    CHECK(recipients == std::set<std::string>{"ada0@example.org", "ada1@example.org", "ada2@example.org"});
}

TEST_CASE("turns passed to a player within the delay go in one mail naming each game", "[server][notices]") {
    smtp_sink mail(free_port());
    auto config = mail_config(mail.port());
    config.notices.turn_mail_delay = std::chrono::milliseconds(3000);
    account_server s(config);
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");
    sender(s).your_turn("r1", person, 1'900'000'000'000);
    sender(s).your_turn("r2", person, 0);
    sender(s).time_running_out("r1", person, 1'900'000'000'000);
    sender(s).your_turn("r3", person, 0);

    const std::string letter = mail.wait_for_mail(1);
    wait_until([&] { return queue_of(s).queued_notices().value() == 0; });
    CHECK(mail.mails().size() == 1);
    CHECK(sender(s).sent() == 1);
    CHECK(mail_header(letter, "Subject") == "Your turn in 3 Carcassonne games");
    CHECK(letter.find("Game r1: time is running out, it ends at 2030-03-17 17:46 UTC.\r\n"
                      "Play: http://mail.test/#/room/r1\r\n") != std::string::npos);
    CHECK(letter.find("Game r2: your turn.\r\nPlay: http://mail.test/#/room/r2\r\n") != std::string::npos);
    CHECK(letter.find("Game r3: your turn.\r\nPlay: http://mail.test/#/room/r3\r\n") != std::string::npos);
    CHECK(mail_header(letter, "List-Unsubscribe").starts_with("<http://mail.test/api/mail/unsubscribe?t="));
}

TEST_CASE("a hidden tab watches nothing: its player is told of the turn, and once visible again is not", "[server][notices]") {
    smtp_sink mail(free_port());
    account_server s(mail_config(mail.port()));
    const auto [person, cookie] = confirmed_account(s, "Ada", "ada@example.org");
    const std::map<std::string, std::string> headers{{"Cookie", "carc_session=" + cookie}, {"Origin", s.origin()}};
    ws_client tab(s.port(), headers);
    REQUIRE(tab.hello("Ada")["type"] == "welcome");
    const std::string room = open_room(tab, {{"seats", 2}, {"name", "Tea time"}})["room"];
    REQUIRE(tab.request({{"type", "watch"}, {"room", room}})["type"] == "ack");
    CHECK(sender(s).watching(room, person));

    // The tab goes to the background: the game is not watched, the notice and mail go.
    REQUIRE(tab.request({{"type", "visibility"}, {"visible", false}})["type"] == "ack");
    CHECK_FALSE(sender(s).watching(room, person));
    sender(s).your_turn(room, person, 0);
    const auto notice = tab.wait_type("notice");
    REQUIRE(notice.has_value());
    CHECK((*notice)["room"] == room);
    CHECK(mail_header(mail.wait_for_mail(1), "Subject") == "Your turn in Carcassonne \u201cTea time\u201d");

    // Visible again: watching; the next turn mails nothing (the next mail is the reset after it).
    REQUIRE(tab.request({{"type", "visibility"}, {"visible", true}})["type"] == "ack");
    CHECK(sender(s).watching(room, person));
    sender(s).your_turn(room, person, 0);
    REQUIRE(call_api(s.port(), "POST", "/api/password-reset", {{"account", "Ada"}}).status == 202);
    CHECK(mail_header(mail.wait_for_mail(2), "Subject").find("Reset") != std::string::npos);
    CHECK(mail.mails().size() == 2);

    const nlohmann::json refused = tab.request({{"type", "visibility"}, {"visible", "no"}});
    CHECK(refused["type"] == "error");
    CHECK(refused["code"] == "bad_field");
    CHECK(refused["params"]["field"] == "visible");
    CHECK(sender(s).watching(room, person));
}

TEST_CASE("each notice channel has one name in the account's choices and one in the queue", "[notices]") {
    using namespace carc::server::notices;
    for (const auto& names : notice_channel_table) {
        INFO(names.setting);
        CHECK(setting_name(names.channel) == names.setting);
        CHECK(channel_of_setting(names.setting) == names.channel);
        if (!names.queue.empty()) CHECK(channel_of_queue(names.queue) == names.channel);
    }
    // The page's own notification is never queued; Web Push is "webpush" to choose, "push" queued.
    CHECK(queue_name(notice_channel::page).empty());
    CHECK(channel_of_queue("") == std::nullopt);
    CHECK(channel_of_queue("push") == notice_channel::web_push);
    CHECK(channel_of_setting("push") == notice_channel::page);
    CHECK(channel_of_setting("sms") == std::nullopt);
    for (const notice_channel channel : queued_channels) CHECK_FALSE(queue_name(channel).empty());

    // Every channel is on until turned off; a choice stored as anything but false stays on.
    CHECK(channel_choices("{}") == nlohmann::json({{"email", true}, {"push", true}, {"webhook", true}, {"webpush", true}}));
    CHECK(channel_choices("not json") == channel_choices("{}"));
    const std::string no_mail = with_channel(R"({"webhook": "yes"})", notice_channel::email, false);
    CHECK_FALSE(channel_on(no_mail, notice_channel::email));
    CHECK(channel_on(no_mail, notice_channel::webhook));
    CHECK(channel_on(no_mail, notice_channel::web_push));
    CHECK(setting_names_text() == "email, push, webhook and webpush");
}
