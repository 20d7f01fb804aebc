// Several carc-server nodes on one PostgreSQL: a room lives on one node and the others send its
// players there; when its node dies another takes the game over from the journal, and a node
// that was paused past its lease can never write the game again.
#include <csignal>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// Snapshot of `room` for the client, after a welcome that listed it.
viewer& absorb_snapshot(viewer& v) {
    const auto snapshot = v.wait_message("snapshot");
    REQUIRE(snapshot);
    v.absorb(*snapshot);
    v.sync();
    return v;
}

// The move play_first would make, without making it.
json first_action(viewer& player) {
    const json& game = player.view["game"];
    if (game["phase"] == "place_tile") {
        const json placements = player.request({{"type", "legal_placements"}, {"room", player.room}});
        REQUIRE_FALSE(placements["placements"].empty());
        const json& pick = placements["placements"][0];
        return {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}};
    }
    const json& legal = player.view["you"]["legal"];
    REQUIRE_FALSE(legal.empty());
    return legal[0];
}

std::int64_t journal_length(cluster& c, const std::string& room) {
    return std::stoll(c.query("SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = '" + room + "'"));
}

}  // namespace

TEST_CASE("a room owned by another node is answered with a redirect to its owner", "[multinode]") {
    cluster c(2);
    ws_client ada_ws(c.port(0)), bob_ws(c.port(1));
    const std::string ada_token = ada_ws.hello("Ada")["token"];
    const std::string bob_token = bob_ws.hello("Bob")["token"];
    const std::string room = ada_ws.request({{"type", "create_room"}, {"seats", 2}})["room"];

    const json redirect = bob_ws.request({{"type", "join"}, {"room", room}});
    REQUIRE(redirect["type"] == "redirect");
    CHECK(redirect["url"] == c.url(0));
    CHECK(redirect["ws"] == "ws://127.0.0.1:" + std::to_string(c.port(0)) + "/ws");
    CHECK(redirect["room"] == room);

    // Bob follows with the token node 1 gave him: node 0 knows it from the store.
    ws_client bob_there(redirect_port(redirect));
    const json welcome = bob_there.hello("Bob", bob_token);
    REQUIRE(welcome["type"] == "welcome");
    CHECK(welcome["resumed"] == true);
    REQUIRE(bob_there.request({{"type", "join"}, {"room", room}})["type"] == "joined");
    REQUIRE(ada_ws.request({{"type", "start"}, {"room", room}})["type"] == "ack");
    viewer ada{ada_ws, room}, bob{bob_there, room};
    ada.sync();
    bob.sync();
    CHECK(play_moves({&ada, &bob}, 6) == 6);

    // A seated player saying hello at the other node is sent to the game's node.
    ws_client ada_elsewhere(c.port(1));
    const json sent = ada_elsewhere.hello("Ada", ada_token);
    REQUIRE(sent["type"] == "redirect");
    CHECK(sent["url"] == c.url(0));
}

TEST_CASE("a killed node's game is taken over by another and no acknowledged move is lost",
          "[multinode][failover]") {
    cluster c(2);
    two_player_game game;
    json before;
    int acked = 0;
    {
        ws_client ada_ws(c.port(0)), bob_ws(c.port(0));
        game = start_two_player_game(ada_ws, bob_ws);
        viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
        ada.sync();
        bob.sync();
        acked = play_moves({&ada, &bob}, 12);
        ada.sync();
        before = game_essentials(ada.view);
        CHECK(WIFSIGNALED(c.node(0).kill_with(SIGKILL)));
    }
    const auto killed_at = std::chrono::steady_clock::now();
    auto ada_ws = reconnect_seated(c.port(1), "Ada", game.ada_token, game.room);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - killed_at);
    WARN("takeover after SIGKILL: " << took.count() << " ms (lease " << test_lease_ms << " ms)");
    auto bob_ws = reconnect_seated(c.port(1), "Bob", game.bob_token, game.room);
    viewer ada{*ada_ws, game.room}, bob{*bob_ws, game.room};
    absorb_snapshot(ada);
    absorb_snapshot(bob);
    CHECK(game_essentials(ada.view) == before);
    CHECK(journal_length(c, game.room) == acked);

    play_moves({&ada, &bob}, -1);
    const auto reply = http_get(c.port(1), "/api/games/" + game.room);
    REQUIRE(reply.status == 200);
    const auto verified = server::verify_record(json::parse(reply.body));
    INFO(verified.message);
    CHECK(verified.ok);
}

TEST_CASE("a node paused past its lease loses the game and never writes it again", "[multinode][fencing]") {
    cluster c(2);
    ws_client ada_old(c.port(0)), bob_old(c.port(0));
    const two_player_game game = start_two_player_game(ada_old, bob_old);
    viewer ada_then{ada_old, game.room}, bob_then{bob_old, game.room};
    ada_then.sync();
    bob_then.sync();
    REQUIRE(play_moves({&ada_then, &bob_then}, 4) == 4);
    ada_then.sync();
    bob_then.sync();
    // The next move as the old owner sees it, asked for while it still runs.
    const int decider = ada_then.view["game"]["decider"];
    viewer& stale = decider == 0 ? ada_then : bob_then;
    const json stale_action = first_action(stale);

    c.node(0).signal(SIGSTOP);
    auto ada_ws = reconnect_seated(c.port(1), "Ada", game.ada_token, game.room);
    auto bob_ws = reconnect_seated(c.port(1), "Bob", game.bob_token, game.room);
    viewer ada{*ada_ws, game.room}, bob{*bob_ws, game.room};
    absorb_snapshot(ada);
    absorb_snapshot(bob);
    REQUIRE(play_moves({&ada, &bob}, 3) == 3);
    REQUIRE(journal_length(c, game.room) == 7);

    // The old owner wakes up with the game as it was at move 4 and a client still connected.
    c.node(0).signal(SIGCONT);
    const json reply = stale.request(
        {{"type", "action"}, {"room", stale.room}, {"version", stale.version}, {"action", stale_action}});
    WARN("the paused node answered: " << reply.dump());
    if (reply.value("type", "") == "timeout") {
        // Its lease renewal came first: the room was dropped and its connections closed.
        CHECK(stale.client.wait_closed());
        CHECK(stale.client.close_code() == 4002);
    } else if (reply.value("type", "") == "redirect") {
        // The room was dropped just before the move arrived: sent to the new owner.
        CHECK(redirect_port(reply) == c.port(1));
    } else {
        // The move came first: the journal's fence refused it.
        CHECK(reply.value("code", "") == "journal_failed");
    }
    CHECK(journal_length(c, game.room) == 7);
    // The game goes on at its new node.
    REQUIRE(play_moves({&ada, &bob}, 2) == 2);
    CHECK(journal_length(c, game.room) == 9);
}
