// Friends and statistics in the store (both backends run this file): follows, mutual follows as
// friends, blocks ending follows, refusals of unknown accounts; a finished game's statistics
// added once with its finish, guests' seats left out.
#include <catch2/catch.hpp>

#include "carc/storage/friend_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

FriendStore& friends_of(const std::shared_ptr<Store>& store) {
    auto* friends = dynamic_cast<FriendStore*>(store.get());
    REQUIRE(friends != nullptr);
    return *friends;
}

std::vector<std::string> names(const std::vector<NamedAccount>& list) {
    std::vector<std::string> out;
    for (const auto& a : list) out.push_back(a.name);
    return out;
}

FinishedGame game_with_stats(const std::string& id) {
    FinishedGame game;
    game.game_id = id;
    game.finished_at_ms = 1'700'000'100'000;
    game.rule_system = "carcassonne";
    game.engine_version = "engine-1";
    game.record_json = R"({"id":")" + id + R"("})";
    game.stats_key = "carcassonne+tower";
    game.stats = {{.seat = 0, .person_id = "pa", .won = true, .tiles_placed = 12, .followers_used = 5,
                   .points = {{"city", 20}, {"road", 7}}},
                  {.seat = 1, .person_id = "pguest", .won = false, .tiles_placed = 11, .followers_used = 4,
                   .points = {{"field", 9}}},
                  {.seat = 2, .person_id = "pb", .won = false, .tiles_placed = 11, .followers_used = 6,
                   .points = {{"cloister", 9}, {"ransom", -3}}}};
    return game;
}

}  // namespace

TEST_CASE("follows: one way is a follow, both ways are friends, a block ends both", "[storage][friends]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    add_account(store, "pc", "cy");
    FriendStore& friends = friends_of(store);

    REQUIRE(friends.set_follow("pa", "pb", true, 10).ok());
    REQUIRE(friends.set_follow("pa", "pb", true, 11).ok());  // again: no change, no error
    REQUIRE(friends.set_follow("pa", "pc", true, 12).ok());
    auto ada = friends.friend_lists("pa").value();
    CHECK(names(ada.following) == std::vector<std::string>{"bob", "cy"});
    CHECK(ada.friends.empty());
    CHECK(names(friends.friend_lists("pb").value().followers) == std::vector<std::string>{"ada"});
    CHECK_FALSE(friends.relation("pa", "pb").value().friends());

    REQUIRE(friends.set_follow("pb", "pa", true, 13).ok());
    CHECK(names(friends.friend_lists("pa").value().friends) == std::vector<std::string>{"bob"});
    CHECK(friends.relation("pb", "pa").value().friends());

    REQUIRE(friends.set_follow("pa", "pb", false, 14).ok());
    CHECK(friends.friend_lists("pa").value().friends.empty());
    CHECK(friends.relation("pb", "pa").value().follows);

    REQUIRE(friends.set_follow("pa", "pb", true, 15).ok());
    REQUIRE(friends.set_block("pb", "pa", true, 16).ok());
    const Relation r = friends.relation("pa", "pb").value();
    CHECK(r.blocked_by);
    CHECK_FALSE(r.blocks);
    CHECK_FALSE(r.follows);
    CHECK_FALSE(r.followed);
    CHECK(friends.blocked_ids("pb").value() == std::vector<std::string>{"pa"});
    CHECK(names(friends.friend_lists("pb").value().blocked) == std::vector<std::string>{"ada"});
    REQUIRE(friends.set_block("pb", "pa", false, 17).ok());
    CHECK(friends.blocked_ids("pb").value().empty());

    CHECK(friends.set_follow("pa", "nobody", true, 18).code() == ErrorCode::not_found);
    CHECK(friends.set_block("nobody", "pa", true, 18).code() == ErrorCode::not_found);
}

TEST_CASE("a game's statistics are added with its finish, once, for accounts only", "[storage][friends]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    FriendStore& friends = friends_of(store);
    for (const std::string id : {"g1", "g2"}) {
        NewRoom room = sample_room(id);
        room.status = RoomStatus::running;
        REQUIRE(create_room(*store, room).ok());
    }
    const FinishedGame first = game_with_stats("g1");
    REQUIRE(finish_game(*store, first).ok());
    // A second finish of the same game (a retry, another node) is refused and counts nothing.
    CHECK(finish_game(*store, first).code() == ErrorCode::already_exists);
    REQUIRE(finish_game(*store, game_with_stats("g2")).ok());

    const auto ada = friends.stats_of("pa").value();
    REQUIRE(ada.size() == 1);
    CHECK(ada[0].key == "carcassonne+tower");
    CHECK(ada[0].games == 2);
    CHECK(ada[0].wins == 2);
    CHECK(ada[0].tiles_placed == 24);
    CHECK(ada[0].followers_used == 10);
    CHECK(ada[0].points == std::map<std::string, std::int64_t>{{"city", 40}, {"road", 14}});
    const auto bob = friends.stats_of("pb").value();
    REQUIRE(bob.size() == 1);
    CHECK(bob[0].wins == 0);
    CHECK(bob[0].points == std::map<std::string, std::int64_t>{{"cloister", 18}, {"ransom", -6}});
    CHECK(friends.stats_of("pguest").value().empty());  // no account, nothing kept
}

TEST_CASE("challenges: stored for any node, taken once by the friend only, forgotten after a week, and blockers",
          "[storage][friends]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    add_account(store, "pc", "cy");
    FriendStore& friends = friends_of(store);

    const StoredChallenge old{"r1", "pa", "ada", "pb", "bob", 1000};
    const StoredChallenge fresh{"r2", "pa", "ada", "pb", "bob", 1000 + challenge_kept_ms + 1};
    REQUIRE(friends.add_challenge(old).ok());
    CHECK(friends.find_challenge("r1").value() == old);
    REQUIRE(friends.add_challenge(fresh).ok());  // the old one is forgotten now
    CHECK_FALSE(friends.find_challenge("r1").value().has_value());
    CHECK_FALSE(friends.take_challenge("r2", "pc").value().has_value());  // not Cy's to decline
    CHECK(friends.take_challenge("r2", "pb").value() == fresh);
    CHECK_FALSE(friends.take_challenge("r2", "pb").value().has_value());  // once

    REQUIRE(friends.set_block("pa", "pc", true, 10).ok());
    REQUIRE(friends.set_block("pb", "pc", true, 11).ok());
    CHECK(friends.blocker_ids("pc").value() == std::vector<std::string>{"pa", "pb"});
    CHECK(friends.blocker_ids("pa").value().empty());
}
