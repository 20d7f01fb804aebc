// One lobby across nodes: a public room opened on one node is listed by the others (LISTEN /
// NOTIFY), and leaves their lists when it closes; finished games are served by every node.
#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

bool lists(const json& rooms, const std::string& id) {
    for (const auto& r : rooms)
        if (r["id"] == id) return true;
    return false;
}

}  // namespace

TEST_CASE("a public room of one node appears in every node's lobby and leaves it on close", "[multinode][lobby]") {
    cluster c(3);
    ws_client watcher1(c.port(1)), watcher2(c.port(2));
    watcher1.hello("Watcher");
    watcher2.hello("Watcher");
    REQUIRE(watcher1.request({{"type", "lobby_subscribe"}})["type"] == "lobby");
    REQUIRE(watcher2.request({{"type", "lobby_subscribe"}})["type"] == "lobby");

    ws_client ada(c.port(0));
    ada.hello("Ada");
    const auto opened_at = std::chrono::steady_clock::now();
    const std::string room = ada.request({{"type", "create_room"}, {"seats", 2}})["room"];
    for (ws_client* w : {&watcher1, &watcher2}) {
        const auto listed = w->wait_for(
            [&](const json& m) { return m["type"] == "lobby_room" && m["room"]["id"] == room; }, std::chrono::seconds(5));
        REQUIRE(listed);
    }
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - opened_at);
    WARN("listed on both other nodes after " << took.count() << " ms");
    ws_client late(c.port(2));
    late.hello("Late");
    CHECK(lists(late.request({{"type", "list_rooms"}})["rooms"], room));

    REQUIRE(ada.request({{"type", "leave"}, {"room", room}})["type"] != "error");
    for (ws_client* w : {&watcher1, &watcher2}) {
        const auto removed = w->wait_for(
            [&](const json& m) { return m["type"] == "lobby_room_removed" && m["room"] == room; }, std::chrono::seconds(5));
        CHECK(removed);
    }
}
