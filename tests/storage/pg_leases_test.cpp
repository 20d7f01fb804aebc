// Room leases on PostgreSQL: one owner per room, takeover only after expiry with a new epoch,
// and every write of a node that lost its lease refused (fenced). Two stores with different
// node ids stand for two carc-server nodes. A lease of ttl 0 is expired the moment it is taken
// (PostgreSQL's clock moves on), which makes expiry deterministic without waiting.
#include <libpq-fe.h>

#include <memory>

#include <catch2/catch.hpp>

#include "carc/storage/postgres_store.hpp"
#include "pg_node.hpp"
#include "pg_test_server.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;
using namespace std::chrono_literals;

namespace {

NewRoom running_room(const std::string& id) {
    NewRoom room = sample_room(id);
    room.status = RoomStatus::running;
    return room;
}

}  // namespace

TEST_CASE("a room's lease goes to one node and another learns the owner's address", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    auto mine = a.leases->acquire("r1", "ws://a.example:1", 60s);
    REQUIRE(mine.ok());
    CHECK(mine->node_id == "node-a");
    CHECK(mine->epoch == 1);
    auto theirs = b.leases->acquire("r1", "ws://b.example:2", 60s);
    REQUIRE(theirs.ok());
    CHECK(theirs->node_id == "node-a");
    CHECK(theirs->public_url == "ws://a.example:1");
    CHECK(theirs->live);
    // Without the lease, b may not write the room.
    REQUIRE(create_room(*a.store, running_room("r1")).ok());
    CHECK(append_action(*b.store, sample_action("r1", 1), std::nullopt).code() == ErrorCode::fenced);
    CHECK(append_action(*a.store, sample_action("r1", 1), std::nullopt).ok());
}

TEST_CASE("an expired lease is taken over with a new epoch and the old owner is fenced", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    REQUIRE(a.leases->acquire("r1", "ws://a", 0ms).ok());  // expired at once: a "paused" owner
    REQUIRE(create_room(*a.store, running_room("r1")).ok());
    REQUIRE(append_action(*a.store, sample_action("r1", 1), std::nullopt).ok());

    CHECK(b.leases->orphaned_rooms(10).value() == std::vector<std::string>{"r1"});
    auto taken = b.leases->acquire("r1", "ws://b", 60s);
    REQUIRE(taken.ok());
    CHECK(taken->node_id == "node-b");
    CHECK(taken->epoch == 2);
    // The new owner reloads the journal and goes on from it.
    auto loaded = b.store->load_room("r1").value();
    REQUIRE(loaded);
    CHECK(loaded->actions.size() == 1);
    REQUIRE(append_action(*b.store, sample_action("r1", 2), std::nullopt).ok());

    // The old owner wakes up: every write is refused, its renewal drops the room.
    CHECK(append_action(*a.store, sample_action("r1", 3), std::nullopt).code() == ErrorCode::fenced);
    CHECK(a.store->set_room_status("r1", RoomStatus::adjourned).code() == ErrorCode::fenced);
    const std::vector<JournalWrite> batch = {ActionWrite{sample_action("r1", 3), std::nullopt}};
    CHECK(a.store->write_batch(batch).front().code() == ErrorCode::fenced);
    CHECK(a.leases->renew_all(60s).value().empty());
    CHECK(last_seq(*b.store, "r1").value() == 2);
    CHECK(b.leases->orphaned_rooms(10).value().empty());
}

TEST_CASE("a renewed lease is kept and a released one is free at once", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    REQUIRE(a.leases->acquire("r1", "ws://a", 60s).ok());
    REQUIRE(a.leases->acquire("r2", "ws://a", 60s).ok());
    CHECK(a.leases->renew_all(60s).value() == std::vector<std::string>{"r1", "r2"});
    CHECK(b.leases->acquire("r1", "ws://b", 60s)->node_id == "node-a");

    REQUIRE(a.leases->release("r1").ok());
    CHECK_FALSE(a.leases->lease_of("r1").value().has_value());
    auto taken = b.leases->acquire("r1", "ws://b", 60s);
    REQUIRE(taken.ok());
    CHECK(taken->node_id == "node-b");
    CHECK(a.leases->renew_all(60s).value() == std::vector<std::string>{"r2"});
    auto lease = a.leases->lease_of("r1").value();
    REQUIRE(lease);
    CHECK(lease->node_id == "node-b");
    CHECK(lease->public_url == "ws://b");
    CHECK(lease->live);
}

TEST_CASE("orphaned rooms: unfinished, not adjourned, with no live lease", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    for (const char* id : {"held", "expired", "released", "adjourned", "finished"}) {
        REQUIRE(a.leases->acquire(id, "ws://a", 60s).ok());
        REQUIRE(create_room(*a.store, running_room(id)).ok());
    }
    REQUIRE(a.store->set_room_status("adjourned", RoomStatus::adjourned).ok());
    FinishedGame game;
    game.game_id = "finished";
    game.record_json = "{}";
    REQUIRE(finish_game(*a.store, game).ok());
    for (const char* id : {"released", "adjourned", "finished"}) REQUIRE(a.leases->release(id).ok());
    REQUIRE(a.leases->acquire("expired", "ws://a", 0ms).ok());
    CHECK(a.leases->orphaned_rooms(10).value() == std::vector<std::string>{"expired", "released"});
}

TEST_CASE("a node writes only rooms it leased", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    CHECK(create_room(*a.store, running_room("r1")).code() == ErrorCode::fenced);
    REQUIRE(a.leases->acquire("r1", "ws://a", 60s).ok());
    CHECK(create_room(*a.store, running_room("r1")).ok());
    // Reads need no lease: any node serves finished games and the lobby.
    CHECK(node(dir, "node-b").store->load_room("r1").value().has_value());
}

TEST_CASE("a new room id is claimed once, never over a stored room or game", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    CHECK(a.leases->claim_new("r1", "ws://a", 60s).value());
    CHECK_FALSE(b.leases->claim_new("r1", "ws://b", 60s).value());
    REQUIRE(create_room(*a.store, running_room("r1")).ok());
    REQUIRE(a.leases->release("r1").ok());
    CHECK_FALSE(b.leases->claim_new("r1", "ws://b", 60s).value());  // the room exists
    CHECK(b.leases->claim_new("r2", "ws://b", 60s).value());
}

TEST_CASE("people and their seats are found by token hash on any node", "[postgres][people]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    const TokenHash ada = TokenHash::of_token("token-ada");
    REQUIRE(a.leases->put_person({"p-ada", "Ada", ada}).ok());
    REQUIRE(a.leases->claim_new("r1", "ws://a", 60s).value());
    REQUIRE(create_room(*a.store, running_room("r1")).ok());
    REQUIRE(put_seat(*a.store, "r1", {0, "Ada", ada, ""}).ok());
    auto found = b.leases->find_person(ada).value();
    REQUIRE(found);
    CHECK(found->person_id == "p-ada");
    CHECK(found->name == "Ada");
    CHECK_FALSE(b.leases->find_person(TokenHash::of_token("other")).value());
    CHECK(b.leases->seated_rooms(ada).value() == std::vector<std::string>{"r1"});
}

TEST_CASE("a waiting room is fenced like a game and an expired one is orphaned for takeover", "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    REQUIRE(a.leases->acquire("w1", "ws://a", 0ms).ok());  // expired at once: a dead owner
    WaitingRoomWrite waiting;
    waiting.room = sample_room("w1");
    waiting.seats = {{0, "Ada", TokenHash::of_token("ada"), ""}};
    REQUIRE(a.store->write_batch({waiting})[0].ok());
    auto orphans = b.leases->orphaned_rooms(10);
    REQUIRE(orphans.ok());
    CHECK(*orphans == std::vector<std::string>{"w1"});
    auto seated = b.leases->seated_rooms(TokenHash::of_token("ada"));
    REQUIRE(seated.ok());
    CHECK(*seated == std::vector<std::string>{"w1"});
    REQUIRE(b.leases->acquire("w1", "ws://b", 60s).ok());
    // The old owner can no longer change or remove it; the new one can.
    waiting.seats.push_back({1, "Bob", TokenHash::of_token("bob"), ""});
    CHECK(a.store->write_batch({waiting})[0].code() == ErrorCode::fenced);
    CHECK(b.store->write_batch({waiting})[0].ok());
    auto room = b.store->load_room("w1");
    REQUIRE(room.ok());
    REQUIRE(room->has_value());
    CHECK((*room)->seats.size() == 2);
}

TEST_CASE("a COMMIT whose answer is lost reports outcome_unknown for every write of the batch",
          "[postgres][commit]") {
    TempDir dir;
    PostgresOptions options;
    options.url = test_postgres_url();
    options.schema = "test_" + dir.path().filename().string();
    options.test_lose_commit_answer_at_seq = 2;
    auto opened = open_postgres_store(options);
    REQUIRE(opened.ok());
    Store& store = *opened->store;
    REQUIRE(create_room(store, running_room("r1")).ok());
    REQUIRE(create_room(store, running_room("r2")).ok());
    REQUIRE(store.write_batch({ActionWrite{sample_action("r1", 1), std::nullopt}})[0].ok());
    const std::vector<Status> lost = store.write_batch(
        {ActionWrite{sample_action("r1", 2), std::nullopt}, ActionWrite{sample_action("r2", 1), std::nullopt}});
    REQUIRE(lost.size() == 2);
    CHECK(lost[0].code() == ErrorCode::outcome_unknown);
    CHECK(lost[1].code() == ErrorCode::outcome_unknown);
    // It was committed all the same: the journal, not the answer, is the truth.
    CHECK(last_seq(store, "r1").value() == 2);
    CHECK(last_seq(store, "r2").value() == 1);
    // Once only: the next commit is answered.
    CHECK(store.write_batch({ActionWrite{sample_action("r1", 3), std::nullopt}})[0].ok());
}

TEST_CASE("a takeover never waits for a write in flight: the room is skipped until the write ends",
          "[postgres][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    REQUIRE(a.leases->acquire("r1", "ws://a", 0ms).ok());  // expired at once: a paused owner
    // Node a paused inside a write: its transaction holds the lease row FOR SHARE, as the fence
    // of every write does, and does not end.
    std::unique_ptr<PGconn, decltype(&PQfinish)> writer(PQconnectdb(test_postgres_url().c_str()), &PQfinish);
    REQUIRE(PQstatus(writer.get()) == CONNECTION_OK);
    const auto run = [&](const std::string& sql) {
        std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(writer.get(), sql.c_str()), &PQclear);
        INFO(sql << ": " << PQerrorMessage(writer.get()));
        REQUIRE((PQresultStatus(result.get()) == PGRES_COMMAND_OK || PQresultStatus(result.get()) == PGRES_TUPLES_OK));
    };
    run("SET search_path TO \"test_" + dir.path().filename().string() + "\"");
    run("BEGIN");
    run("SELECT 1 FROM room_leases WHERE room_id = 'r1' FOR SHARE");

    // Refused at once (before, it waited as long as the write: forever for a paused node).
    CHECK(b.leases->acquire("r1", "ws://b", 60s).code() == ErrorCode::locked);
    run("COMMIT");
    auto taken = b.leases->acquire("r1", "ws://b", 60s);
    REQUIRE(taken.ok());
    CHECK(taken->node_id == "node-b");
}
