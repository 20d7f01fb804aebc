// PostgreSQL going away under a running game: moves meanwhile are refused (journal_failed) and
// change nothing; once it is back the node reconnects on its own and play goes on, with every
// acknowledged move in the journal.
#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("while PostgreSQL restarts moves are refused whole and then play resumes", "[multinode][postgres_restart]") {
    cluster c(1);
    auto players = two_players::start_at(c.port(0));
    REQUIRE(players.play(5) == 5);
    const json before = game_essentials(players.ada.view);

    c.postgres().stop();
    for (int attempt = 0; attempt < 3; ++attempt) {
        const json refused = play_first(players.decider());
        INFO(refused.dump());
        CHECK(refused.value("code", "") == "journal_failed");
    }
    players.sync();
    CHECK(game_essentials(players.ada.view) == before);  // nothing half-applied

    c.postgres().start();
    // The first write after the restart may still meet the old, dead connection; the node
    // resets it, so within a few tries a move is stored.
    int acked = 0;
    for (int attempt = 0; attempt < 5 && acked == 0; ++attempt) {
        players.sync();
        const json reply = play_first(players.decider());
        if (reply["type"] == "ack") ++acked;
        else CHECK(reply.value("code", "") == "journal_failed");
    }
    REQUIRE(acked == 1);
    players.sync();
    REQUIRE(players.play(4) == 4);
    CHECK(c.journal_length(players.game.room) == 10);
}
