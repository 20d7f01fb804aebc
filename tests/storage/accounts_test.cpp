// Accounts and sessions in the store (both backends run this file): names unique ignoring case,
// only hashes kept, sessions listed, ended, expired, and the games a person has a seat in.
#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

AccountStore& accounts_of(const std::shared_ptr<Store>& store) {
    auto* accounts = dynamic_cast<AccountStore*>(store.get());
    REQUIRE(accounts != nullptr);
    return *accounts;
}

AccountRecord sample_account(const std::string& person, const std::string& name) {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return AccountRecord{.person_id = person,
                         .name = name,
                         .name_key = key,
                         .password_hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
                         .person_token_hash = TokenHash::of_token("token-of-" + person),
                         .created_at_ms = 1'000,
                         .settings = {}};
}

SessionRecord sample_session(const std::string& person, const std::string& secret, TimeMs seen_ms) {
    return SessionRecord{.secret_hash = TokenHash::of_token(secret),
                         .public_id = "s-" + secret,
                         .person_id = person,
                         .kind = "cookie",
                         .device = "test browser",
                         .created_at_ms = seen_ms,
                         .last_seen_ms = seen_ms};
}

}  // namespace

TEST_CASE("an account is stored with its first session and found by name ignoring case", "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    REQUIRE(accounts.create_account(sample_account("p1", "Ada"), sample_session("p1", "secret-1", 5'000)).ok());

    auto found = accounts.account_by_name("ada");
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->person_id == "p1");
    CHECK((*found)->name == "Ada");
    CHECK((*found)->password_hash.starts_with("$argon2id$"));
    CHECK((*found)->person_token_hash == TokenHash::of_token("token-of-p1"));
    CHECK_FALSE((*found)->settings.email_confirmed);
    CHECK(accounts.account_of("p1").value()->name_key == "ada");
    CHECK_FALSE(accounts.account_by_name("bob").value().has_value());

    // The same name in other letters, or a second account for the person: refused, nothing kept.
    auto again = accounts.create_account(sample_account("p2", "ADA"), sample_session("p2", "secret-2", 5'000));
    CHECK(again.code() == ErrorCode::already_exists);
    auto twice = accounts.create_account(sample_account("p1", "Other"), sample_session("p1", "secret-3", 5'000));
    CHECK(twice.code() == ErrorCode::already_exists);
    CHECK_FALSE(accounts.use_session(TokenHash::of_token("secret-2"), 5'000, 0).value().has_value());
    CHECK(accounts.sessions_of("p1").value().size() == 1);
}

TEST_CASE("settings are stored and read back", "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    REQUIRE(accounts.create_account(sample_account("p1", "Ada"), sample_session("p1", "a", 1)).ok());
    AccountSettings settings;
    settings.email = "ada@example.org";
    settings.auto_vacation = true;
    settings.notices_json = R"({"email":true})";
    settings.webhook_url = "https://hooks.example.org/x";
    REQUIRE(accounts.update_settings("p1", settings).ok());
    CHECK(accounts.account_of("p1").value()->settings == settings);
    CHECK(accounts.update_settings("p9", settings).code() == ErrorCode::not_found);
}

TEST_CASE("the account's language is kept from sign-up and changed, none at first reads empty",
          "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    AccountRecord russian = sample_account("p1", "Ada");
    russian.settings.language = "ru";
    REQUIRE(accounts.create_account(russian, sample_session("p1", "a", 1)).ok());
    REQUIRE(accounts.create_account(sample_account("p2", "Bob"), sample_session("p2", "b", 1)).ok());
    CHECK(accounts.account_of("p1").value()->settings.language == "ru");
    CHECK(accounts.account_of("p2").value()->settings.language.empty());  // never chosen: mails in English

    AccountSettings settings = accounts.account_of("p2").value()->settings;
    settings.language = "en";
    REQUIRE(accounts.update_settings("p2", settings).ok());
    CHECK(accounts.account_of("p2").value()->settings.language == "en");
    CHECK(accounts.account_by_name("bob").value()->settings.language == "en");
}

TEST_CASE("a session keeps the address it was made from", "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    SessionRecord first = sample_session("p1", "a", 1);
    first.address = "203.0.113.7";
    REQUIRE(accounts.create_account(sample_account("p1", "Ada"), first).ok());
    SessionRecord second = sample_session("p1", "b", 2);
    second.address = "2001:db8::5";
    REQUIRE(accounts.add_session(second).ok());

    const auto listed = accounts.sessions_of("p1").value();
    REQUIRE(listed.size() == 2);
    CHECK(listed[0].public_id == "s-b");  // most recently seen first
    CHECK(listed[0].address == "2001:db8::5");
    CHECK(listed[1].address == "203.0.113.7");
    CHECK(accounts.use_session(TokenHash::of_token("a"), 3, 0).value()->address == "203.0.113.7");
}

TEST_CASE("sessions are used, listed, ended one by one or all but one, and expire", "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    REQUIRE(accounts.create_account(sample_account("p1", "Ada"), sample_session("p1", "a", 1'000)).ok());
    REQUIRE(accounts.add_session(sample_session("p1", "b", 2'000)).ok());
    REQUIRE(accounts.add_session(sample_session("p1", "c", 3'000)).ok());

    // Seen again over a minute later: the time is written; within the minute it is not.
    auto used = accounts.use_session(TokenHash::of_token("a"), 100'000, 0);
    REQUIRE(used.ok());
    REQUIRE(used->has_value());
    CHECK((*used)->last_seen_ms == 100'000);
    CHECK(accounts.use_session(TokenHash::of_token("a"), 120'000, 0).value()->last_seen_ms == 100'000);
    // Last seen before the expiry bound: unknown.
    CHECK_FALSE(accounts.use_session(TokenHash::of_token("b"), 200'000, 2'001).value().has_value());

    auto listed = accounts.sessions_of("p1");
    REQUIRE(listed.ok());
    REQUIRE(listed->size() == 3);
    CHECK((*listed)[0].public_id == "s-a");  // most recently seen first

    CHECK(accounts.end_session("p1", "s-b").value() == TokenHash::of_token("b"));
    CHECK(accounts.end_session("p1", "s-b").code() == ErrorCode::not_found);
    CHECK(accounts.end_session("p2", "s-c").code() == ErrorCode::not_found);  // not theirs
    CHECK_FALSE(accounts.use_session(TokenHash::of_token("b"), 200'000, 0).value().has_value());

    auto ended = accounts.end_other_sessions("p1", TokenHash::of_token("a"));
    REQUIRE(ended.ok());
    CHECK(*ended == std::vector<TokenHash>{TokenHash::of_token("c")});
    auto live = accounts.live_sessions({TokenHash::of_token("a"), TokenHash::of_token("b"), TokenHash::of_token("c")});
    CHECK(live.value() == std::vector<TokenHash>{TokenHash::of_token("a")});
}

TEST_CASE("a new password ends every other session", "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    REQUIRE(accounts.create_account(sample_account("p1", "Ada"), sample_session("p1", "a", 1)).ok());
    REQUIRE(accounts.add_session(sample_session("p1", "b", 2)).ok());
    REQUIRE(accounts.change_password("p1", "$argon2id$new", TokenHash::of_token("b")).ok());
    CHECK(accounts.account_of("p1").value()->password_hash == "$argon2id$new");
    CHECK(accounts.sessions_of("p1").value().size() == 1);
    CHECK(accounts.use_session(TokenHash::of_token("b"), 3, 0).value().has_value());
    CHECK(accounts.change_password("p9", "x", TokenHash::of_token("b")).code() == ErrorCode::not_found);
}

TEST_CASE("a person's games are found by their token's hash, with status and clock", "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    const TokenHash ada = TokenHash::of_token("token-of-p1");
    const auto seat_of = [](int seat, std::optional<TokenHash> token) {
        return SeatRecord{seat, "someone", std::move(token), token ? "" : "random"};
    };
    // A running game with a clock, a waiting room, a finished game, and one without Ada.
    REQUIRE(write_one(*store, BeginGameWrite{.room = [] { auto r = sample_room("g1"); r.status = RoomStatus::running; return r; }(),
                                             .seats = {seat_of(0, ada), seat_of(1, std::nullopt)},
                                             .initial = {0, 0}})
                .ok());
    ClockState clock{.active_seat = 0, .turn_started_at_ms = 50'000, .seats = {{0, 9'000}, {1, 8'000}}};
    REQUIRE(append_action(*store, sample_action("g1", 1), clock).ok());
    REQUIRE(write_one(*store, WaitingRoomWrite{.room = sample_room("w1"), .seats = {seat_of(1, ada)}, .closed = false}).ok());
    REQUIRE(write_one(*store, BeginGameWrite{.room = [] { auto r = sample_room("g2"); r.status = RoomStatus::running; r.created_at_ms -= 10; return r; }(),
                                             .seats = {seat_of(0, TokenHash::of_token("other"))},
                                             .initial = {0, 0}})
                .ok());

    auto games = accounts.seated_games(ada);
    REQUIRE(games.ok());
    REQUIRE(games->size() == 2);
    const SeatedGame& running = (*games)[0].room_id == "g1" ? (*games)[0] : (*games)[1];
    const SeatedGame& waiting = (*games)[0].room_id == "w1" ? (*games)[0] : (*games)[1];
    CHECK(running.status == RoomStatus::running);
    CHECK(running.seat == 0);
    CHECK(running.clock_seat == 0);
    CHECK(running.clock_turn_started_at_ms == 50'000);
    CHECK(running.clock_remaining_ms == 9'000);
    CHECK(waiting.status == RoomStatus::lobby);
    CHECK(waiting.seat == 1);
    CHECK_FALSE(waiting.clock_seat.has_value());

    REQUIRE(store->set_room_status("g1", RoomStatus::adjourned).ok());
    CHECK(accounts.seated_games(ada).value()[0].status != RoomStatus::running);
    CHECK(accounts.seated_games(TokenHash::of_token("nobody")).value().empty());
}

TEST_CASE("names' skeletons are unique, found after the exact name, and filled in for older accounts",
          "[storage][accounts]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    auto olga = sample_account("p1", "Olga");
    olga.name_skeleton = "olga";
    REQUIRE(accounts.create_account(olga, sample_session("p1", "secret-1", 5'000)).ok());
    CHECK(accounts.account_of("p1").value()->name_skeleton == "olga");

    // Another name with the same skeleton is refused like a taken name.
    auto cyrillic = sample_account("p2", "\u041elga");
    cyrillic.name_skeleton = "olga";
    CHECK(accounts.create_account(cyrillic, sample_session("p2", "secret-2", 5'000)).code() == ErrorCode::already_exists);
    CHECK_FALSE(accounts.account_of("p2").value().has_value());

    auto found = accounts.account_by_look("\u043elga", "olga");  // typed in another script: the look finds it
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->person_id == "p1");
    CHECK_FALSE(accounts.account_by_look("bob", "bob").value().has_value());
    CHECK_FALSE(accounts.account_by_look("bob", "").value().has_value());

    // Accounts stored before skeletons hold none until set; the exact name wins over a look-alike.
    auto old_one = sample_account("p3", "0lga");  // stored without a skeleton
    REQUIRE(accounts.create_account(old_one, sample_session("p3", "secret-3", 5'000)).ok());
    auto old_two = sample_account("p4", "Vera");
    REQUIRE(accounts.create_account(old_two, sample_session("p4", "secret-4", 5'000)).ok());
    const auto missing = accounts.accounts_without_skeleton().value();
    REQUIRE(missing.size() == 2);
    CHECK(missing[0] == std::pair<std::string, std::string>{"p3", "0lga"});
    CHECK(accounts.set_name_skeleton("p3", "olga").code() == ErrorCode::already_exists);
    CHECK(accounts.set_name_skeleton("p4", "vera").ok());
    CHECK(accounts.accounts_without_skeleton().value().size() == 1);
    CHECK(accounts.account_by_look("0lga", "olga").value()->person_id == "p3");  // its own exact name
    CHECK(accounts.account_by_look("olga", "olga").value()->person_id == "p1");
    CHECK(accounts.account_by_look("vEra", "vera").value()->person_id == "p4");
}

TEST_CASE("attempts are counted per key in a sliding window, kept across a restart and forgotten by prefix",
          "[storage][accounts]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        AccountStore& accounts = accounts_of(store);
        CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.1", 2, 1'000).value().has_value());
        REQUIRE(accounts.count_attempt("name:olga\n10.0.0.1", 1'000, 61'000).ok());
        CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.1", 2, 1'500).value().has_value());  // 1 of 2
        REQUIRE(accounts.count_attempt("name:olga\n10.0.0.1", 2'000, 62'000).ok());
        // Two of two: refused until the oldest leaves the window.
        CHECK(accounts.attempt_wait("name:olga\n10.0.0.1", 2, 2'500).value() == std::optional<TimeMs>(58'500));
        // Another key, and another address for the same name, are counted apart.
        CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.2", 2, 2'500).value().has_value());
        CHECK_FALSE(accounts.attempt_wait("name:olgа\n10.0.0.1", 2, 2'500).value().has_value());  // a Cyrillic а
        REQUIRE(accounts.count_attempt("name:ольга\n10.0.0.9", 2'000, 62'000).ok());
        REQUIRE(accounts.count_attempt("name:ольга\n10.0.0.9", 2'000, 62'000).ok());
    }
    auto store = open_or_fail(dir.path());
    AccountStore& accounts = accounts_of(store);
    CHECK(accounts.attempt_wait("name:olga\n10.0.0.1", 2, 3'000).value() == std::optional<TimeMs>(58'000));
    CHECK(accounts.attempt_wait("name:ольга\n10.0.0.9", 2, 3'000).value() == std::optional<TimeMs>(59'000));
    CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.1", 2, 61'000).value().has_value());  // one left
    CHECK(accounts.attempt_wait("name:olga\n10.0.0.1", 1, 61'000).value() == std::optional<TimeMs>(1'000));
    CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.1", 1, 62'000).value().has_value());  // both left

    // Forgetting a prefix (a name at every address) leaves the other names; the prefix is
    // compared by characters, Cyrillic included.
    REQUIRE(accounts.count_attempt("name:olga\n10.0.0.1", 70'000, 130'000).ok());
    REQUIRE(accounts.count_attempt("name:olga\n10.0.0.3", 70'000, 130'000).ok());
    REQUIRE(accounts.forget_attempts("name:olga\n").ok());
    CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.1", 1, 71'000).value().has_value());
    CHECK_FALSE(accounts.attempt_wait("name:olga\n10.0.0.3", 1, 71'000).value().has_value());
    REQUIRE(accounts.count_attempt("name:ольга\n10.0.0.9", 70'000, 130'000).ok());
    CHECK(accounts.attempt_wait("name:ольга\n10.0.0.9", 1, 71'000).value().has_value());
    REQUIRE(accounts.forget_attempts("name:ольга\n").ok());
    CHECK_FALSE(accounts.attempt_wait("name:ольга\n10.0.0.9", 1, 71'000).value().has_value());
}
