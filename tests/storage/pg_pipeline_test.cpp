// A group commit of actions on PostgreSQL is one round trip (one pipeline: BEGIN, an
// append call per action with its fence and checks, COMMIT), stores exactly what the statement
// by statement path stores, and a refused write in it (fenced, a gap, no such room) is still
// answered alone while the others are stored. Round trips are counted by the store.
#include <catch2/catch.hpp>

#include "carc/storage/postgres_round_trips.hpp"
#include "pg_node.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;
using namespace std::chrono_literals;

namespace {

// A running room leased to `owner` for `ttl` (0: expired at once, free for a takeover).
void leased_room(PostgresHandles& owner, const std::string& id, std::chrono::milliseconds ttl = 60s) {
    REQUIRE(owner.leases->acquire(id, "ws://node", ttl).ok());
    NewRoom room = sample_room(id);
    room.status = RoomStatus::running;
    REQUIRE(create_room(*owner.store, room).ok());
}

ActionWrite action(const std::string& room_id, std::int64_t seq) { return {sample_action(room_id, seq), std::nullopt}; }

}  // namespace

TEST_CASE("a group commit of many rooms' actions is one round trip and stores them whole",
          "[postgres][pipeline]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    std::vector<JournalWrite> batch;
    for (int i = 0; i < 20; ++i) {
        leased_room(a, "r" + std::to_string(i));
        batch.push_back(action("r" + std::to_string(i), 1));
    }
    // One room's message of two steps with the clocks after it, as a timed game writes it.
    ActionWrite timed = action("r0", 2);
    timed.then.push_back(sample_action("r0", 3));
    timed.clock_after = ClockState{1, 1'700'000'000'500, {{0, 59'000}, {1, 61'000}}};
    batch.push_back(timed);

    const std::int64_t before = postgres_round_trips(*a.store);
    const std::vector<Status> results = a.store->write_batch(batch);
    CHECK(postgres_round_trips(*a.store) - before == 1);
    REQUIRE(results.size() == batch.size());
    for (const Status& s : results) CHECK(s.ok());

    auto r0 = a.store->load_room("r0").value();
    REQUIRE(r0);
    REQUIRE(r0->actions.size() == 3);
    CHECK(r0->actions[2].seq == 3);
    CHECK(r0->actions[0].action_json == sample_action("r0", 1).action_json);
    CHECK(r0->actions[0].state_hash == sample_action("r0", 1).state_hash);
    CHECK(r0->clock == timed.clock_after);
    for (int i = 1; i < 20; ++i) CHECK(last_seq(*a.store, "r" + std::to_string(i)).value() == 1);
}

TEST_CASE("a pipelined group commit answers a fenced, a gapped and a missing room's write alone",
          "[postgres][pipeline][lease]") {
    TempDir dir;
    auto a = node(dir, "node-a");
    auto b = node(dir, "node-b");
    leased_room(a, "mine");
    leased_room(a, "lost", 0ms);  // expired at once: node b takes it over below
    REQUIRE(b.leases->acquire("lost", "ws://b", 60s)->node_id == "node-b");

    // Node a still believes it holds "lost": its batch goes out as one pipeline, PostgreSQL
    // refuses the stale epoch, and every write is answered as if written one by one.
    const std::vector<Status> results =
        a.store->write_batch({action("mine", 1), action("lost", 1), action("mine", 3), action("mine", 2)});
    REQUIRE(results.size() == 4);
    CHECK(results[0].ok());
    CHECK(results[1].code() == ErrorCode::fenced);
    CHECK(results[2].code() == ErrorCode::sequence_gap);
    CHECK(results[3].ok());
    CHECK(last_seq(*a.store, "mine").value() == 2);
    CHECK(last_seq(*b.store, "lost").value() == 0);
    CHECK(b.store->write_batch({action("lost", 1)})[0].ok());

    // The lost room is forgotten; the next batch of the node's own room is one round trip again.
    const std::int64_t before = postgres_round_trips(*a.store);
    CHECK(a.store->write_batch({action("mine", 3)})[0].ok());
    CHECK(postgres_round_trips(*a.store) - before == 1);
    CHECK(a.store->write_batch({action("lost", 2)})[0].code() == ErrorCode::fenced);

    // A room nobody stored, beside one that is: the first refused, the second stored.
    REQUIRE(a.leases->acquire("ghost", "ws://a", 60s).ok());
    const std::vector<Status> mixed = a.store->write_batch({action("ghost", 1), action("mine", 4)});
    CHECK(mixed[0].code() == ErrorCode::not_found);
    CHECK(mixed[1].ok());
    CHECK(last_seq(*a.store, "mine").value() == 4);
}
