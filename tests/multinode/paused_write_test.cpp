// A node paused in the middle of a write (its room's lease row locked, its transaction open)
// costs only its own rooms: the other nodes keep acknowledging their games' moves, keep answering
// /healthz and take the paused node's room over. The pause is made exact by the store's test
// hook (CARC_TEST_STOP_AT_SEQ): the node stops itself once that action's row is written.
#include <csignal>
#include <cstdlib>
#include <fstream>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr int stop_at_seq = 5;

// Whether `pid` is stopped (state T in /proc/PID/stat).
bool is_stopped(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'T';
}

// A hello with `token` at `port`, following a redirect unless it names the paused node: the
// connection whose welcome lists `room`, or null.
std::unique_ptr<ws_client> welcomed_back(unsigned short port, unsigned short paused_port, const std::string& name,
                                         const std::string& token, const std::string& room) {
    auto client = std::make_unique<ws_client>(port);
    json reply = client->hello(name, token);
    if (reply["type"] == "redirect" && redirect_port(reply) != paused_port) {
        client = std::make_unique<ws_client>(redirect_port(reply));
        reply = client->hello(name, token);
    }
    if (reply["type"] == "welcome" && reply["rooms"] == json::array({room})) return client;
    return nullptr;
}

}  // namespace

TEST_CASE("a node paused inside a write freezes only its own rooms", "[multinode][pause]") {
    // Only node 0 inherits the hook from this process's environment.
    REQUIRE(setenv("CARC_TEST_STOP_AT_SEQ", std::to_string(stop_at_seq).c_str(), 1) == 0);
    cluster c(1);
    REQUIRE(unsetenv("CARC_TEST_STOP_AT_SEQ") == 0);
    c.start_node(1);
    c.start_node(2);
    // Whatever fails below, the stopped node must not outlive the test.
    struct ender {
        cluster& c;
        ~ender() { c.node(0).kill_with(SIGKILL); }
    } end_node0{c};

    auto at1 = two_players::start_at(c.port(1));
    auto at2 = two_players::start_at(c.port(2));
    auto paused = two_players::start_at(c.port(0));
    REQUIRE(paused.play(stop_at_seq - 1) == stop_at_seq - 1);
    // The next move: node 0 locks the lease row, writes the action and stops before its commit.
    viewer& mover = paused.decider();
    const json action = first_action(mover);
    mover.client.send({{"type", "action"}, {"room", mover.room}, {"version", mover.version}, {"action", action}});
    const auto until_stopped = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!is_stopped(c.node(0).pid()) && std::chrono::steady_clock::now() < until_stopped)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(is_stopped(c.node(0).pid()));
    const auto stopped_at = std::chrono::steady_clock::now();

    // The other nodes' games go on, move by move (each ack within ws_client's 5 s), and both
    // nodes answer /healthz, while the paused node's room is taken over by one of them.
    const auto took_deadline = stopped_at + std::chrono::seconds(10);
    std::unique_ptr<ws_client> ada_back, bob_back;
    int moves = 0;
    while (!(ada_back && bob_back) && std::chrono::steady_clock::now() < took_deadline) {
        for (auto* game : {&at1, &at2}) {
            if (game_over(game->ada.view)) continue;
            REQUIRE(game->play(1) == 1);
            ++moves;
        }
        for (int node : {1, 2}) REQUIRE(http_get(c.port(node), "/healthz").status == 200);
        if (!ada_back) ada_back = welcomed_back(c.port(1), c.port(0), "Ada", paused.game.ada_token, paused.game.room);
        if (ada_back && !bob_back) bob_back = welcomed_back(c.port(1), c.port(0), "Bob", paused.game.bob_token, paused.game.room);
    }
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - stopped_at);
    WARN("paused in a write: room back after " << took.count() << " ms, " << moves
                                               << " moves acknowledged meanwhile (lease " << test_lease_ms << " ms)");
    REQUIRE(ada_back);
    REQUIRE(bob_back);
    CHECK(moves >= 2);
    // The paused write was never committed: the journal ends before it, and play goes on there.
    CHECK(c.journal_length(paused.game.room) == stop_at_seq - 1);
    two_players back(paused.game, std::move(ada_back), std::move(bob_back));
    for (viewer* v : {&back.ada, &back.bob}) {
        const auto snapshot = v->wait_message("snapshot");
        REQUIRE(snapshot);
        v->absorb(*snapshot);
    }
    back.sync();
    REQUIRE(back.play(1) == 1);
    CHECK(c.journal_length(paused.game.room) == stop_at_seq);
}
