// PostgreSQL's schema migrations: a store of an older schema opens, migrated, with its games.
#include <catch2/catch.hpp>

#include "carc/storage/rating_store.hpp"
#include "carc/storage/tournament_store.hpp"
#include "pg_test_server.hpp"
#include "carc/storage/friend_store.hpp"
#include "schema_undo.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

TEST_CASE("schema 1's adjourned games become schema 2's adjourned marks", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        for (const char* id : {"r1", "r2"}) {
            NewRoom game = sample_room(id);
            game.status = RoomStatus::running;
            REQUIRE(create_room(*store, game).ok());
            REQUIRE(append_action(*store, sample_action(id, 1)).ok());
        }
    }
    // Back to schema 1, where an adjourned game was a status of its own (and no accounts).
    test_postgres_query("UPDATE " + schema + ".rooms SET status = 'adjourned' WHERE room_id = 'r1'; " +
                        undo_steps_to(1, Dialect::postgres, schema));

    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 2);
    CHECK((*rooms)[0].status == RoomStatus::adjourned);
    CHECK((*rooms)[0].actions.empty());  // at start-up an adjourned game comes with its seats only
    CHECK((*rooms)[1].status == RoomStatus::running);
    // It resumes like any adjourned game, its journal whole.
    REQUIRE(store->set_room_status("r1", RoomStatus::running).ok());
    CHECK(store->load_room("r1").value()->actions.size() == 1);
}

TEST_CASE("schema 2 gains accounts and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    add_running_game(*open_or_fail(dir.path()), "r1");
    test_postgres_query(undo_steps_to(2, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    CHECK(store->load_room("r1").value().has_value());
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    CHECK_FALSE(accounts.account_by_name("ada").value().has_value());
}

TEST_CASE("schema 3 gains turn deadlines and vacation, and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    add_running_game(*open_or_fail(dir.path()), "r1");
    test_postgres_query(undo_steps_to(3, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    REQUIRE(store->load_room("r1").value().has_value());
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{1, 0, 7'000}}).ok());
    CHECK(store->load_room("r1").value()->turn == TurnDeadline{1, 0, 7'000});
}

TEST_CASE("schema 5 gains ratings and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    add_running_game(*open_or_fail(dir.path()), "r1");
    test_postgres_query(undo_steps_to(5, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    REQUIRE(store->load_room("r1").value().has_value());
    auto& ratings = dynamic_cast<RatingStore&>(*store);
    CHECK(ratings.ratings_of("p1").value().empty());
    CHECK(ratings.game_rating("r1").value().empty());
}

TEST_CASE("schema 6 gains chat lines with their sender and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    add_running_game(*open_or_fail(dir.path()), "r1");
    test_postgres_query(undo_steps_to(6, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    REQUIRE(store->load_room("r1").value().has_value());
    const ChatLine said{"p1", 0, "Ada", "hi", 5};
    REQUIRE(write_one(*store, ChatWrite{"r1", said}).ok());
    CHECK(store->load_room("r1").value()->chat == std::vector<ChatLine>{said});
}

TEST_CASE("schema 7 gains follows, blocks and statistics", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        add_account(store, "pa", "ada");
        add_account(store, "pb", "bob");
    }
    test_postgres_query(undo_steps_to(7, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    auto& friends = dynamic_cast<FriendStore&>(*store);
    REQUIRE(friends.set_follow("pa", "pb", true, 1).ok());
    CHECK(friends.friend_lists("pb").value().followers.size() == 1);
    CHECK(friends.stats_of("pa").value().empty());
}

TEST_CASE("schema 8 gains tournaments and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    add_running_game(*open_or_fail(dir.path()), "r1");
    test_postgres_query(undo_steps_to(8, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    REQUIRE(store->load_room("r1").value().has_value());
    auto& tournaments = dynamic_cast<TournamentStore&>(*store);
    CHECK(tournaments.list_tournaments(10).value().empty());
    CHECK(tournaments.live_tournaments().value().empty());
}

TEST_CASE("schema 10 gains stored challenges and keeps its accounts", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        add_account(store, "pa", "ada");
        add_account(store, "pb", "bob");
    }
    test_postgres_query(undo_steps_to(10, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    auto& friends = dynamic_cast<FriendStore&>(*store);
    const StoredChallenge challenge{"r1", "pa", "ada", "pb", "bob", 1000};
    REQUIRE(friends.add_challenge(challenge).ok());
    CHECK(friends.find_challenge("r1").value() == challenge);
}

TEST_CASE("schema 21 gains the accounts' language and the sessions' address", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        add_account(store, "pa", "ada");
    }
    test_postgres_query(undo_steps_to(21, Dialect::postgres, schema));
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == std::to_string(newest_schema));
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    AccountSettings settings = accounts.account_of("pa").value()->settings;
    CHECK(settings.language.empty());  // made before: none, so mails in English
    CHECK(accounts.sessions_of("pa").value().at(0).address.empty());
    settings.language = "ru";
    REQUIRE(accounts.update_settings("pa", settings).ok());
    CHECK(accounts.account_of("pa").value()->settings.language == "ru");
}
