// SQLite's schema migrations: a database of an older schema opens migrated, its games kept.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include "carc/storage/rating_store.hpp"
#include "carc/storage/friend_store.hpp"
#include "carc/storage/notice_store.hpp"
#include "carc/storage/tournament_store.hpp"
#include "schema_undo.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

void exec_raw(const std::filesystem::path& file, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    INFO((error ? error : ""));
    sqlite3_free(error);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("a schema 2 database gains accounts and keeps its games", "[storage][schema]") {
    TempDir dir;
    add_running_game(*open_or_fail(dir.path()), "r1");
    exec_raw(database_file(dir.path()), undo_steps_to(2, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    add_account(store, "p1", "ada");
    CHECK(dynamic_cast<AccountStore&>(*store).account_by_name("ada").value().has_value());
}

TEST_CASE("a schema 3 database gains turn deadlines and vacation, and keeps its games", "[storage][schema]") {
    TempDir dir;
    add_running_game(*open_or_fail(dir.path()), "r1");
    exec_raw(database_file(dir.path()), undo_steps_to(3, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    CHECK_FALSE(store->load_room("r1").value()->turn.has_value());
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{0, 1, 5'000}}).ok());
    CHECK(store->load_room("r1").value()->turn == TurnDeadline{0, 1, 5'000});
}

TEST_CASE("a schema 5 database gains ratings, and keeps its games", "[storage][schema]") {
    TempDir dir;
    add_running_game(*open_or_fail(dir.path()), "r1");
    exec_raw(database_file(dir.path()), undo_steps_to(5, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    auto& ratings = dynamic_cast<RatingStore&>(*store);
    CHECK(ratings.ratings_of("p1").value().empty());
    CHECK(ratings.game_rating("r1").value().empty());
}

TEST_CASE("a schema 6 database gains chat lines with their sender, and keeps its games", "[storage][schema]") {
    TempDir dir;
    add_running_game(*open_or_fail(dir.path()), "r1");
    exec_raw(database_file(dir.path()), undo_steps_to(6, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    const ChatLine said{"p1", 0, "Ada", "hi", 5};
    REQUIRE(write_one(*store, ChatWrite{"r1", said}).ok());
    CHECK(store->load_room("r1").value()->chat == std::vector<ChatLine>{said});
}

TEST_CASE("a schema 7 database gains follows, blocks and statistics, and keeps its games", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        add_account(store, "pa", "ada");
        add_account(store, "pb", "bob");
    }
    exec_raw(database_file(dir.path()), undo_steps_to(7, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    auto& friends = dynamic_cast<FriendStore&>(*store);
    REQUIRE(friends.set_follow("pa", "pb", true, 1).ok());
    CHECK(friends.friend_lists("pb").value().followers.size() == 1);
    CHECK(friends.stats_of("pa").value().empty());
}

TEST_CASE("a schema 8 database gains tournaments, and keeps its games", "[storage][schema]") {
    TempDir dir;
    add_running_game(*open_or_fail(dir.path()), "r1");
    exec_raw(database_file(dir.path()), undo_steps_to(8, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    auto& tournaments = dynamic_cast<TournamentStore&>(*store);
    CHECK(tournaments.list_tournaments(10).value().empty());
    CHECK(tournaments.live_tournaments().value().empty());
}

TEST_CASE("a schema 10 database gains stored challenges, and keeps its accounts", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        add_account(store, "pa", "ada");
        add_account(store, "pb", "bob");
    }
    exec_raw(database_file(dir.path()), undo_steps_to(10, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    auto& friends = dynamic_cast<FriendStore&>(*store);
    const StoredChallenge challenge{"r1", "pa", "ada", "pb", "bob", 1000};
    REQUIRE(friends.add_challenge(challenge).ok());
    CHECK(friends.find_challenge("r1").value() == challenge);
}

TEST_CASE("a schema 11 database gains the counts of mails sent unasked", "[storage][schema]") {
    TempDir dir;
    { auto store = open_or_fail(dir.path()); }
    exec_raw(database_file(dir.path()), undo_steps_to(11, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    auto& notices = dynamic_cast<NoticeStore&>(*store);
    const UnaskedMail mail{.address = "a@b.co", .person_id = "pa", .now_ms = 1000, .window_ms = 3'600'000,
                           .per_address = 1, .per_account = 1};
    CHECK(notices.count_unasked_mail(mail).value());
    CHECK_FALSE(notices.count_unasked_mail(mail).value());
}

TEST_CASE("a schema 14 database gains push subscriptions, and its queued notices stay", "[storage][schema]") {
    TempDir dir;
    { auto store = open_or_fail(dir.path()); }
    exec_raw(database_file(dir.path()), undo_steps_to(14, Dialect::sqlite) +
                                            "; INSERT INTO notice_queue (person_id, channel, kind, room_id, deadline_ms,"
                                            " created_at_ms, attempts, next_attempt_ms) VALUES ('pa', 'email',"
                                            " 'your_turn', 'r1', 5, 1, 2, 3)");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    auto& notices = dynamic_cast<NoticeStore&>(*store);
    const auto kept = notices.claim_due_notice(10, 100, "email").value();
    REQUIRE(kept.has_value());
    CHECK(kept->room_id == "r1");
    CHECK(kept->attempts == 2);
    CHECK(kept->subscription_id == 0);
    CHECK(notices.enqueue_notice(QueuedNotice{.person_id = "pa", .channel = "push", .kind = "your_turn",
                                              .room_id = "r2", .subscription_id = 3})
              .ok());
    CHECK(notices.server_key("vapid", "k").value() == "k");
}

TEST_CASE("a schema 21 database gains the accounts' language and the sessions' address", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        add_account(store, "pa", "ada");
    }
    exec_raw(database_file(dir.path()), undo_steps_to(21, Dialect::sqlite));

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == newest_schema);
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    AccountSettings settings = accounts.account_of("pa").value()->settings;
    CHECK(settings.language.empty());  // made before: none, so mails in English
    CHECK(accounts.sessions_of("pa").value().at(0).address.empty());
    settings.language = "ru";
    REQUIRE(accounts.update_settings("pa", settings).ok());
    CHECK(accounts.account_of("pa").value()->settings.language == "ru");
}
