// What one node answers about a room another node owns: an invite code is routed like a room id
// (redirect to the owner), a running game's record and the list of running games are read from
// the store, and a room this node dropped after a pause is listed again as the new owner's.
#include <csignal>
#include <set>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// The ids of a list of rooms or games.
std::set<std::string> ids_in(const json& listed) {
    std::set<std::string> ids;
    for (const auto& entry : listed) ids.insert(entry["id"].get<std::string>());
    return ids;
}

}  // namespace

TEST_CASE("an invite code of another node's room is answered with a redirect to its owner", "[multinode][invite]") {
    cluster c(3);
    ws_client ada(c.port(0)), bob(c.port(1)), carol(c.port(2));
    greet(ada, "Ada");
    const std::string bob_token = greet(bob, "Bob")["token"];
    greet(carol, "Carol");
    const json secret = open_room(ada, {{"seats", 2}, {"private", true}});
    const std::string invite = secret["invite"];

    const json info = carol.request({{"type", "room_info"}, {"invite", invite}});
    REQUIRE(info["type"] == "redirect");
    CHECK(info["url"] == c.url(0));
    const json sent = bob.request({{"type", "join"}, {"invite", invite}});
    REQUIRE(sent["type"] == "redirect");
    CHECK(sent["url"] == c.url(0));
    CHECK_FALSE(sent.contains("room"));  // a private room's id is not told for its code

    // Bob follows and repeats the request with the code: seated in the private room.
    ws_client there(redirect_port(sent));
    REQUIRE(there.hello("Bob", bob_token)["type"] == "welcome");
    const json joined = there.request({{"type", "join"}, {"invite", invite}});
    REQUIRE(joined["type"] == "joined");
    CHECK(joined["room"] == secret["room"]);
    // A code nobody has is still no_such_room everywhere.
    CHECK(carol.request({{"type", "join"}, {"invite", "ZZZZ-ZZZZ"}})["code"] == "no_such_room");
}

TEST_CASE("a running game's record and the running list are answered at every node", "[multinode][reads]") {
    cluster c(2);
    auto game = two_players::start_at(c.port(0));
    REQUIRE(game.play(6) == 6);

    const auto record = http_get(c.port(1), "/api/games/" + game.game.room);
    REQUIRE(record.status == 200);
    const json body = json::parse(record.body);
    CHECK(body["status"] == "playing");
    CHECK(body["actions"].size() == 6);
    CHECK(body["seed"].is_null());  // no secret of a running game
    CHECK(body["players"][0]["name"] == "Ada");

    // The list: other nodes' public running games come from the shared lobby (a second at most).
    json running;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < until) {
        running = json::parse(http_get(c.port(1), "/api/games").body)["running"];
        if (ids_in(running).contains(game.game.room)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    REQUIRE(ids_in(running).contains(game.game.room));
    for (const auto& row : running)
        if (row["id"] == game.game.room) {
            CHECK(row["status"] == "playing");
            CHECK(row["actions"] == 6);
            CHECK(row["players"].size() == 2);
        }
}

TEST_CASE("a node that dropped a room after a pause lists it again as the new owner's", "[multinode][lobby]") {
    cluster c(2);
    auto old = two_players::start_at(c.port(0));
    REQUIRE(old.play(2) == 2);
    c.node(0).signal(SIGSTOP);
    auto now = two_players::back_at(c.port(1), old.game);
    c.node(0).signal(SIGCONT);
    // Node 0 finds its lease lost and drops the room: its connections are closed with 4002.
    REQUIRE(old.ada_ws->wait_closed(std::chrono::seconds(10)));
    CHECK(old.ada_ws->close_code() == 4002);

    // Nothing changes in the room from now on; node 0's lobby lists it again, as node 1's.
    ws_client watcher(c.port(0));
    greet(watcher, "Watcher");
    bool listed = false;
    // The other nodes' rooms are read every second at the latest; the wait is generous, as
    // a loaded machine may be slow to resume the paused node.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!listed && std::chrono::steady_clock::now() < until) {
        listed = ids_in(watcher.request({{"type", "list_rooms"}})["rooms"]).contains(old.game.room);
        if (!listed) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    CHECK(listed);
}
