// A node that dies with many games only bots play: every one of them is taken over by the other
// nodes within a lease and one renewal of the kill (docs/scaling.md, Failover).
#include <csignal>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr int games = 128;
constexpr int lease_ms = 6000;  // the default

// Games the node at `port` took over (loaded from the journal and running there).
int taken_over(unsigned short port) {
    const std::string name = "carc_rooms_taken_over_total";
    const std::string body = http_get(port, "/metrics").body;
    const auto at = body.find("\n" + name + " ");
    REQUIRE(at != std::string::npos);
    return static_cast<int>(std::stod(body.substr(at + name.size() + 2)));
}

}  // namespace

TEST_CASE("every bots-only game of a killed node is taken over within a lease and one renewal",
          "[multinode][failover][mass]") {
    // Slow bots, so no game ends during the test; the default lease rather than the other tests'
    // short one, so the bound below leaves seconds for the replays on a busy machine.
    cluster c(3, {"--lease-ms", std::to_string(lease_ms), "--bot-delay", "2000"});
    std::vector<std::string> rooms;
    {
        ws_client host(c.port(0));
        greet(host, "Host");
        for (int i = 0; i < games; ++i) {
            const json created = host.request({{"type", "create_room"}, {"seats", 2},
                                               {"bots", {{{"seat", 0}, {"kind", "random"}}, {{"seat", 1}, {"kind", "random"}}}}});
            REQUIRE(created["type"] == "room_created");
            const std::string room = created["room"];
            REQUIRE(host.request({{"type", "start"}, {"room", room}})["type"] == "ack");
            REQUIRE(host.request({{"type", "leave"}, {"room", room}})["type"] == "left");
            rooms.push_back(room);
        }
    }
    REQUIRE(taken_over(c.port(1)) + taken_over(c.port(2)) == 0);
    REQUIRE(WIFSIGNALED(c.node(0).kill_with(SIGKILL)));
    const auto killed_at = std::chrono::steady_clock::now();

    // The leases run out at most a lease after the kill; the next round (a third of a lease
    // later) must take every game. A third of a lease more is left for the replays.
    const auto bound = killed_at + std::chrono::milliseconds(lease_ms + lease_ms / 3 + lease_ms / 3);
    int taken = 0;
    auto all_taken_at = std::chrono::steady_clock::time_point::max();
    while (std::chrono::steady_clock::now() < bound) {
        taken = taken_over(c.port(1)) + taken_over(c.port(2));
        if (taken == games) {
            all_taken_at = std::chrono::steady_clock::now();
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (taken < games) taken = taken_over(c.port(1)) + taken_over(c.port(2));
    if (all_taken_at != std::chrono::steady_clock::time_point::max())
        WARN(games << " bots-only games taken over " << std::chrono::duration_cast<std::chrono::milliseconds>(all_taken_at - killed_at).count()
                   << " ms after the kill (lease " << lease_ms << " ms)");
    CHECK(taken == games);
}
