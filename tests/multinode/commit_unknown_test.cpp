// A COMMIT whose answer is lost (PostgreSQL's connection broke during it) may have stored the move
// it reports refused. The node then stops serving the room from memory: its players are told to
// reconnect and get the game as the journal has it, and play goes on without a sequence gap. The
// fault is made deterministic by the store's test hook (CARC_TEST_LOSE_COMMIT_ANSWER_AT_SEQ).
#include <cstdlib>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr int lost_at_seq = 5;

std::int64_t journal_length(cluster& c, const std::string& room) {
    return std::stoll(c.query("SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = '" + room + "'"));
}

// The action play_first would send for the decider, and the decider's viewer.
std::pair<viewer*, json> next_move(viewer& ada, viewer& bob) {
    ada.sync();
    bob.sync();
    viewer& player = ada.view["game"]["decider"] == 0 ? ada : bob;
    if (player.view["game"]["phase"] == "place_tile") {
        const json placements = player.request({{"type", "legal_placements"}, {"room", player.room}});
        REQUIRE_FALSE(placements["placements"].empty());
        const json& p = placements["placements"][0];
        return {&player, {{"type", "place_tile"}, {"x", p["x"]}, {"y", p["y"]}, {"rotation", p["rotation"]}}};
    }
    REQUIRE_FALSE(player.view["you"]["legal"].empty());
    return {&player, player.view["you"]["legal"][0]};
}

}  // namespace

TEST_CASE("a move whose commit outcome is unknown reloads its room from the journal", "[multinode][commit]") {
    // The node inherits the hook from this process's environment.
    REQUIRE(setenv("CARC_TEST_LOSE_COMMIT_ANSWER_AT_SEQ", std::to_string(lost_at_seq).c_str(), 1) == 0);
    cluster c(1);
    REQUIRE(unsetenv("CARC_TEST_LOSE_COMMIT_ANSWER_AT_SEQ") == 0);

    two_player_game game;
    json lost_action;
    {
        ws_client ada_ws(c.port(0)), bob_ws(c.port(0));
        game = start_two_player_game(ada_ws, bob_ws);
        viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
        ada.sync();
        bob.sync();
        REQUIRE(play_moves({&ada, &bob}, lost_at_seq - 1) == lost_at_seq - 1);
        auto [player, action] = next_move(ada, bob);
        lost_action = action;
        const json reply = player->request(
            {{"type", "action"}, {"room", game.room}, {"version", player->version}, {"action", action}});
        // Reported refused, since its answer never came; yet it is in the journal.
        CHECK(reply["code"] == "journal_failed");
        CHECK(journal_length(c, game.room) == lost_at_seq);
        // The room left memory: both connections are closed and told to come back.
        for (ws_client* ws : {&ada_ws, &bob_ws}) {
            REQUIRE(ws->wait_closed());
            CHECK(ws->close_code() == 4002);
        }
    }
    // Back with their tokens: the game as the journal has it, the "refused" move included.
    auto ada_ws = reconnect_seated(c.port(0), "Ada", game.ada_token, game.room);
    auto bob_ws = reconnect_seated(c.port(0), "Bob", game.bob_token, game.room);
    viewer ada{*ada_ws, game.room}, bob{*bob_ws, game.room};
    ada.sync();
    bob.sync();
    REQUIRE(play_moves({&ada, &bob}, 1) == 1);
    CHECK(journal_length(c, game.room) == lost_at_seq + 1);
    play_moves({&ada, &bob}, -1);

    const auto reply = http_get(c.port(0), "/api/games/" + game.room);
    REQUIRE(reply.status == 200);
    const json record = json::parse(reply.body);
    const auto verified = server::verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);
    CHECK(record["actions"][lost_at_seq - 1]["action"] == lost_action);
}
