// PostgreSQL going away under a running game: moves meanwhile are refused (journal_failed) and
// change nothing; once it is back the node reconnects on its own and play goes on, with every
// acknowledged move in the journal.
#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("while PostgreSQL restarts moves are refused whole and then play resumes", "[multinode][postgres_restart]") {
    cluster c(1);
    ws_client ada_ws(c.port(0)), bob_ws(c.port(0));
    const two_player_game game = start_two_player_game(ada_ws, bob_ws);
    viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
    ada.sync();
    bob.sync();
    REQUIRE(play_moves({&ada, &bob}, 5) == 5);
    ada.sync();
    bob.sync();
    const json before = game_essentials(ada.view);

    c.postgres().stop();
    for (int attempt = 0; attempt < 3; ++attempt) {
        const int decider = ada.view["game"]["decider"];
        viewer& mover = decider == 0 ? ada : bob;
        const json refused = play_first(mover);
        INFO(refused.dump());
        CHECK(refused.value("code", "") == "journal_failed");
    }
    ada.sync();
    CHECK(game_essentials(ada.view) == before);  // nothing half-applied

    c.postgres().start();
    // The first write after the restart may still meet the old, dead connection; the node
    // resets it, so within a few tries a move is stored.
    int acked = 0;
    for (int attempt = 0; attempt < 5 && acked == 0; ++attempt) {
        ada.sync();
        bob.sync();
        const int decider = ada.view["game"]["decider"];
        viewer& mover = decider == 0 ? ada : bob;
        const json reply = play_first(mover);
        if (reply["type"] == "ack") ++acked;
        else CHECK(reply.value("code", "") == "journal_failed");
    }
    REQUIRE(acked == 1);
    ada.sync();
    bob.sync();
    REQUIRE(play_moves({&ada, &bob}, 4) == 4);
    CHECK(c.query("SELECT max(seq) FROM actions WHERE room_id = '" + game.room + "'") == "10");
}
