// Turn-based games on two nodes (docs/accounts.md): a move's deadline is stored in PostgreSQL and
// fired by one conditional UPDATE, so a deadline that passed while its node was paused or down
// acts exactly once, at the node that has the game. The nodes run with --short-move-times.
#include <csignal>

#include "cluster_fixture.hpp"
#include "node_accounts.hpp"
#include "wait_until.hpp"

using namespace carc::test;

namespace {

// Ada (vacation switched off) and Bob in a started two-player game at node 0 whose moves last
// `move_time_s`; returns the room once Ada's move and its deadline are stored.
std::string start_game(cluster& c, std::int64_t move_time_s) {
    const std::string ada = sign_up_at(c.port(0), "Ada").token;
    const std::string bob = sign_up_at(c.port(0), "Bob").token;
    REQUIRE(call(c.port(0), "PATCH", "/api/me", {{"auto_vacation", false}}, ada).status == 200);
    auto ada_ws = connect_with(c.port(0), ada);
    auto bob_ws = connect_with(c.port(0), bob);
    const json created = ada_ws->request({{"type", "create_room"}, {"seats", 2}, {"move_time_s", move_time_s}});
    INFO(created.dump());
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    REQUIRE(bob_ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");
    REQUIRE(ada_ws->request({{"type", "start"}, {"room", room}})["type"] == "ack");
    wait_until([&] { return c.query("SELECT count(*) FROM turn_deadlines WHERE room_id = '" + room +
                                    "' AND seat = 0 AND deadline_ms IS NOT NULL") == "1"; },
               "Ada's move stored with its deadline");
    return room;
}

std::string seat_kind(cluster& c, const std::string& room, int seat) {
    return c.query("SELECT bot_kind FROM seats WHERE room_id = '" + room + "' AND seat = " + std::to_string(seat));
}

}  // namespace

TEST_CASE("turn-based: a deadline that passed while both nodes were down fires once when they are back",
          "[multinode][turn_based]") {
    cluster c(2, {"--short-move-times"});
    const std::string room = start_game(c, 2);
    const std::int64_t deadline =
        std::stoll(c.query("SELECT deadline_ms FROM turn_deadlines WHERE room_id = '" + room + "'"));
    c.kill(0);
    c.kill(1);
    wait_until([&] { return std::stoll(c.query("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")) >
                            deadline + 500; },
               "the deadline passed");
    // Both come back at once: each takes orphans over, the lease and the store's conditional
    // UPDATE let one of them act.
    c.start_node(0);
    c.start_node(1);
    wait_until([&] { return seat_kind(c, room, 0) == "away"; }, "a bot takes Ada's seat");
    // The bot plays Ada's move: Bob's move gets its deadline.
    wait_until([&] { return c.query("SELECT seat FROM turn_deadlines WHERE room_id = '" + room + "'") == "1"; },
               "Bob's move");
    CHECK(count_of(c.logs(), "event=move_time_expired room=" + room) == 1);
}

TEST_CASE("turn-based: a node paused past its lease and the deadline does not fire it again", "[multinode][turn_based]") {
    cluster c(2, {"--short-move-times"});
    const std::string room = start_game(c, 3);
    // Paused before the deadline: node 1 takes the game over and fires it.
    c.node(0).signal(SIGSTOP);
    wait_until([&] { return seat_kind(c, room, 0) == "away"; }, "node 1 fires the deadline: a bot takes Ada's seat");
    // Woken up, node 0's own timer is long due; the store refuses it (fenced) and the node drops
    // the room it no longer holds.
    c.node(0).signal(SIGCONT);
    wait_until([&] { return count_of(c.logs(), "event=room_dropped room=" + room) == 1; }, "node 0 drops the room");
    CHECK(count_of(c.logs(), "event=move_time_expired room=" + room) == 1);
    CHECK(seat_kind(c, room, 0) == "away");
}
