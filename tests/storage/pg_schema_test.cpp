// PostgreSQL's schema migrations: a store of an older schema opens, migrated, with its games.
#include <catch2/catch.hpp>

#include "carc/storage/rating_store.hpp"
#include "carc/storage/tournament_store.hpp"
#include "pg_test_server.hpp"
#include "carc/storage/friend_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

// The tournaments' tables (schema step 7), dropped first when a test goes back before them.
std::string drop_tournaments(const std::string& schema) {
    return "DROP TABLE " + schema + ".tournament_tables; DROP TABLE " + schema + ".tournament_players; DROP TABLE " +
           schema + ".tournaments; ";
}

}  // namespace

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
    test_postgres_query(drop_tournaments(schema) + "DROP TABLE " + schema + ".player_points; DROP TABLE " + schema + ".player_stats; DROP TABLE " + schema + ".blocks; DROP TABLE " + schema + ".follows; DROP TABLE " + schema + ".rating_changes; DROP TABLE " + schema + ".player_ratings; DROP TABLE " + schema + ".link_tokens; DROP TABLE " + schema + ".notice_queue; DROP TABLE " + schema + ".vacation; DROP TABLE " + schema + ".turn_deadlines; DROP TABLE " +
                        schema + ".account_sessions; DROP TABLE " + schema + ".accounts; DROP TABLE " +
                        schema + ".adjourned; UPDATE " + schema +
                        ".rooms SET status = 'adjourned' WHERE room_id = 'r1'; UPDATE " + schema +
                        ".carc_schema SET version = 1; SELECT 1");

    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
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
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
    }
    test_postgres_query(drop_tournaments(schema) + "DROP TABLE " + schema + ".player_points; DROP TABLE " + schema + ".player_stats; DROP TABLE " + schema + ".blocks; DROP TABLE " + schema + ".follows; DROP TABLE " + schema + ".rating_changes; DROP TABLE " + schema + ".player_ratings; DROP TABLE " + schema + ".link_tokens; DROP TABLE " + schema + ".notice_queue; DROP TABLE " + schema + ".vacation; DROP TABLE " + schema + ".turn_deadlines; DROP TABLE " +
                        schema + ".account_sessions; DROP TABLE " + schema + ".accounts; UPDATE " +
                        schema + ".carc_schema SET version = 2; SELECT 1");
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
    CHECK(store->load_room("r1").value().has_value());
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    CHECK_FALSE(accounts.account_by_name("ada").value().has_value());
}

TEST_CASE("schema 3 gains turn deadlines and vacation, and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
    }
    test_postgres_query(drop_tournaments(schema) + "DROP TABLE " + schema + ".player_points; DROP TABLE " + schema + ".player_stats; DROP TABLE " + schema + ".blocks; DROP TABLE " + schema + ".follows; DROP TABLE " + schema + ".rating_changes; DROP TABLE " + schema + ".player_ratings; DROP TABLE " + schema + ".link_tokens; DROP TABLE " + schema + ".notice_queue; DROP TABLE " +
                        schema + ".vacation; DROP TABLE " + schema + ".turn_deadlines; UPDATE " +
                        schema + ".carc_schema SET version = 3; SELECT 1");
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
    REQUIRE(store->load_room("r1").value().has_value());
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{1, 0, 7'000}}).ok());
    CHECK(store->load_room("r1").value()->turn == TurnDeadline{1, 0, 7'000});
}

TEST_CASE("schema 5 gains ratings and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
    }
    test_postgres_query(drop_tournaments(schema) + "DROP TABLE " + schema + ".player_points; DROP TABLE " + schema + ".player_stats; DROP TABLE " + schema + ".blocks; DROP TABLE " + schema + ".follows; DROP TABLE " + schema + ".rating_changes; DROP TABLE " + schema + ".player_ratings; UPDATE " +
                        schema + ".carc_schema SET version = 5; SELECT 1");
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
    REQUIRE(store->load_room("r1").value().has_value());
    auto& ratings = dynamic_cast<RatingStore&>(*store);
    CHECK(ratings.ratings_of("p1").value().empty());
    CHECK(ratings.game_rating("r1").value().empty());
}

TEST_CASE("schema 6 gains chat lines with their sender and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
    }
    // Back to schema 6: step 1's chat table, which had no sender, and no friends' tables.
    test_postgres_query(drop_tournaments(schema) + "DROP TABLE " + schema + ".chat; CREATE TABLE " + schema +
                        ".chat (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, room_id TEXT NOT NULL"
                        " REFERENCES " + schema + ".rooms (room_id) ON DELETE CASCADE, seat INTEGER NOT NULL,"
                        " name TEXT NOT NULL, text TEXT NOT NULL, time_ms BIGINT NOT NULL); DROP TABLE " + schema +
                        ".player_points; DROP TABLE " + schema + ".player_stats; DROP TABLE " + schema +
                        ".blocks; DROP TABLE " + schema + ".follows; UPDATE " +
                        schema + ".carc_schema SET version = 6; SELECT 1");
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
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
    test_postgres_query(drop_tournaments(schema) + "DROP TABLE " + schema + ".player_points; DROP TABLE " + schema +
                        ".player_stats; DROP TABLE " + schema + ".blocks; DROP TABLE " + schema +
                        ".follows; UPDATE " + schema + ".carc_schema SET version = 7; SELECT 1");
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
    auto& friends = dynamic_cast<FriendStore&>(*store);
    REQUIRE(friends.set_follow("pa", "pb", true, 1).ok());
    CHECK(friends.friend_lists("pb").value().followers.size() == 1);
    CHECK(friends.stats_of("pa").value().empty());
}

TEST_CASE("schema 8 gains tournaments and keeps its games", "[postgres][schema]") {
    TempDir dir;
    const std::string schema = "\"test_" + dir.path().filename().string() + "\"";
    {
        auto store = open_or_fail(dir.path());
        NewRoom game = sample_room("r1");
        game.status = RoomStatus::running;
        REQUIRE(create_room(*store, game).ok());
    }
    test_postgres_query(drop_tournaments(schema) + "UPDATE " + schema + ".carc_schema SET version = 8; SELECT 1");
    auto store = open_or_fail(dir.path());
    CHECK(test_postgres_query("SELECT version FROM " + schema + ".carc_schema") == "10");
    REQUIRE(store->load_room("r1").value().has_value());
    auto& tournaments = dynamic_cast<TournamentStore&>(*store);
    CHECK(tournaments.list_tournaments(10).value().empty());
    CHECK(tournaments.live_tournaments().value().empty());
}
