// Several carc-server nodes on one PostgreSQL: a room lives on one node and the others send its
// players there; when its node dies another takes the game over from the journal, and a node
// that was paused past its lease can never write the game again.
#include <csignal>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

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
        auto first = two_players::start_at(c.port(0));
        acked = first.play(12);
        before = game_essentials(first.ada.view);
        game = first.game;
        CHECK(WIFSIGNALED(c.node(0).kill_with(SIGKILL)));
    }
    const auto killed_at = std::chrono::steady_clock::now();
    auto back = two_players::back_at(c.port(1), game);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - killed_at);
    WARN("takeover after SIGKILL: " << took.count() << " ms until both players are back (lease " << test_lease_ms
                                    << " ms)");
    CHECK(game_essentials(back.ada.view) == before);
    CHECK(c.journal_length(game.room) == acked);

    back.play(-1);
    const auto reply = http_get(c.port(1), "/api/games/" + game.room);
    REQUIRE(reply.status == 200);
    const auto verified = server::verify_record(json::parse(reply.body));
    INFO(verified.message);
    CHECK(verified.ok);
}

TEST_CASE("a node paused past its lease loses the game and never writes it again", "[multinode][fencing]") {
    cluster c(2);
    auto old = two_players::start_at(c.port(0));
    REQUIRE(old.play(4) == 4);
    // The next move as the old owner sees it, asked for while it still runs.
    viewer& stale = old.decider();
    const json stale_action = first_action(stale);

    c.node(0).signal(SIGSTOP);
    auto now = two_players::back_at(c.port(1), old.game);
    REQUIRE(now.play(3) == 3);
    REQUIRE(c.journal_length(old.game.room) == 7);

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
    CHECK(c.journal_length(old.game.room) == 7);
    // The game goes on at its new node.
    REQUIRE(now.play(2) == 2);
    CHECK(c.journal_length(old.game.room) == 9);
}
