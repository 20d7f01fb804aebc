// SQLite's schema migrations: a database of an older schema opens migrated, its games kept.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include "carc/storage/rating_store.hpp"
#include "carc/storage/friend_store.hpp"
#include "carc/storage/tournament_store.hpp"
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
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
        REQUIRE(append_action(*store, sample_action("r1", 1)).ok());
    }
    // Back to schema 2: no accounts, no index of seats by token.
    exec_raw(database_file(dir.path()),
             "DROP TABLE player_points; DROP TABLE player_stats; DROP TABLE blocks; DROP TABLE follows; DROP TABLE rating_changes; DROP TABLE player_ratings; DROP TABLE link_tokens; DROP TABLE notice_queue; DROP TABLE vacation; DROP TABLE turn_deadlines; DROP TABLE account_sessions; DROP TABLE accounts;"
             " DROP INDEX seats_by_token; PRAGMA user_version = 2");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == 10);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    const AccountRecord account{.person_id = "p1",
                                .name = "Ada",
                                .name_key = "ada",
                                .password_hash = "$argon2id$x",
                                .person_token_hash = TokenHash::of_token("t"),
                                .created_at_ms = 1,
                                .settings = {}};
    const SessionRecord session{.secret_hash = TokenHash::of_token("s"),
                                .public_id = "s1",
                                .person_id = "p1",
                                .kind = "token",
                                .device = "terminal",
                                .created_at_ms = 1,
                                .last_seen_ms = 1};
    REQUIRE(accounts.create_account(account, session).ok());
    CHECK(accounts.account_by_name("ada").value().has_value());
}

TEST_CASE("a schema 3 database gains turn deadlines and vacation, and keeps its games", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
        REQUIRE(append_action(*store, sample_action("r1", 1)).ok());
    }
    exec_raw(database_file(dir.path()), "DROP TABLE player_points; DROP TABLE player_stats; DROP TABLE blocks; DROP TABLE follows; DROP TABLE rating_changes; DROP TABLE player_ratings; DROP TABLE link_tokens; DROP TABLE notice_queue; DROP TABLE vacation; DROP TABLE turn_deadlines;"
             " PRAGMA user_version = 3");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == 10);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    CHECK_FALSE(store->load_room("r1").value()->turn.has_value());
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{0, 1, 5'000}}).ok());
    CHECK(store->load_room("r1").value()->turn == TurnDeadline{0, 1, 5'000});
}

TEST_CASE("a schema 5 database gains ratings, and keeps its games", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
        REQUIRE(append_action(*store, sample_action("r1", 1)).ok());
    }
    exec_raw(database_file(dir.path()), "DROP TABLE player_points; DROP TABLE player_stats; DROP TABLE blocks; DROP TABLE follows; DROP TABLE rating_changes; DROP TABLE player_ratings; PRAGMA user_version = 5");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == 10);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    auto& ratings = dynamic_cast<RatingStore&>(*store);
    CHECK(ratings.ratings_of("p1").value().empty());
    CHECK(ratings.game_rating("r1").value().empty());
}

TEST_CASE("a schema 6 database gains chat lines with their sender, and keeps its games", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
        REQUIRE(append_action(*store, sample_action("r1", 1)).ok());
    }
    // Back to schema 6: step 1's chat table, which had no sender, and no friends' tables.
    exec_raw(database_file(dir.path()),
             "DROP TABLE chat; CREATE TABLE chat (id INTEGER PRIMARY KEY, room_id TEXT NOT NULL REFERENCES rooms"
             " (room_id) ON DELETE CASCADE, seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL,"
             " time_ms INTEGER NOT NULL) STRICT; CREATE INDEX chat_by_room ON chat (room_id, id);"
             " DROP TABLE player_points; DROP TABLE player_stats; DROP TABLE blocks; DROP TABLE follows;"
             " PRAGMA user_version = 6");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == 10);
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
    exec_raw(database_file(dir.path()), "DROP TABLE player_points; DROP TABLE player_stats; DROP TABLE blocks;"
                                        " DROP TABLE follows; PRAGMA user_version = 7");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == 10);
    auto& friends = dynamic_cast<FriendStore&>(*store);
    REQUIRE(friends.set_follow("pa", "pb", true, 1).ok());
    CHECK(friends.friend_lists("pb").value().followers.size() == 1);
    CHECK(friends.stats_of("pa").value().empty());
}

TEST_CASE("a schema 8 database gains tournaments, and keeps its games", "[storage][schema]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
        REQUIRE(append_action(*store, sample_action("r1", 1)).ok());
    }
    exec_raw(database_file(dir.path()),
             "DROP TABLE tournament_tables; DROP TABLE tournament_players; DROP TABLE tournaments; PRAGMA user_version = 8");

    auto store = open_or_fail(dir.path());
    CHECK(sqlite_schema_version() == 10);
    CHECK(store->load_room("r1").value()->actions.size() == 1);
    auto& tournaments = dynamic_cast<TournamentStore&>(*store);
    CHECK(tournaments.list_tournaments(10).value().empty());
    CHECK(tournaments.live_tournaments().value().empty());
}
