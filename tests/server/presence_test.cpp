// A room's spectators come and go at a crowd's pace without costing every viewer a patch each
// time: the newcomer gets the whole view at once, the others the list and count at most once per
// --presence-interval (docs/protocol.md, Spectators). The room's timer is replaced here by
// flush_presence(), which publishes what the timer would.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <set>

#include "rooms/presence_pace.hpp"
#include "room_harness.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

carc::server::server_config paced_config() {
    auto config = test_config();
    config.presence_interval = std::chrono::hours(1);  // only the test's flush_presence() publishes
    return config;
}

// The patch operations' paths of `messages`' patches.
std::set<std::string> patched_paths(const std::vector<json>& messages) {
    std::set<std::string> out;
    for (const auto& m : messages)
        if (m.value("type", "") == "patch")
            for (const auto& op : m["patch"]) out.insert(op["path"].get<std::string>());
    return out;
}

}  // namespace

TEST_CASE("spectators arriving and leaving reach the other viewers in one patch per interval", "[server][presence]") {
    hosted_room r({{"seats", 2}}, paced_config());
    r.ada.read();
    r.ada.received.clear();
    const std::uint64_t version_before = r.ada.follower.version;
    auto& h = r.h;
    std::deque<room_member> watchers;
    for (int i = 0; i < 3; ++i) {
        auto& w = watchers.emplace_back(h, h.arrive("Watcher " + std::to_string(i)), r.room);
        const json reply = w.request({{"type", "spectate"}});
        CHECK(reply["type"] == "joined");
        // The newcomer has the whole view at once, at the room's current version.
        CHECK(types_of(w.received) == std::vector<std::string>{"joined", "snapshot"});
        CHECK(w.follower.version == version_before);
        CHECK(w.view()["you"]["seat"].is_null());
    }
    // Nobody else heard of them yet: no patch per arrival.
    r.ada.read();
    CHECK(r.ada.received.empty());
    for (auto& w : watchers) {
        w.read();
        CHECK(types_of(w.received) == std::vector<std::string>{"joined", "snapshot"});
    }

    // The interval ends: one patch for all three, to everyone.
    h.room(r.room).flush_presence();
    h.settle();
    r.ada.read();
    REQUIRE(types_of(r.ada.received) == std::vector<std::string>{"patch"});
    CHECK(r.ada.follower.version == version_before + 1);
    CHECK(r.ada.view()["room"]["spectator_count"] == 3);
    CHECK(r.ada.view()["room"]["spectators"].size() == 3);
    for (auto& w : watchers) {
        w.read();
        CHECK(w.view()["room"] == r.ada.view()["room"]);
        w.check_against_snapshot();
    }
    r.ada.check_against_snapshot();

    // Nothing changed since: the next interval sends nothing.
    r.ada.received.clear();
    h.room(r.room).flush_presence();
    h.settle();
    r.ada.read();
    CHECK(r.ada.received.empty());

    // One leaves, one drops offline: still nothing until the interval ends, then one patch.
    r.ada.received.clear();
    watchers[0].request({{"type", "leave"}});
    h.drop(watchers[1].who, r.room);
    r.ada.read();
    CHECK(r.ada.received.empty());
    r.ada.received.clear();
    h.room(r.room).flush_presence();
    h.settle();
    r.ada.read();
    REQUIRE(types_of(r.ada.received) == std::vector<std::string>{"patch"});
    const auto paths = patched_paths(r.ada.received);
    CHECK(paths.count("/room/spectator_count") == 1);
    CHECK(r.ada.view()["room"]["spectator_count"] == 2);
    const json& listed = r.ada.view()["room"]["spectators"];
    REQUIRE(listed.size() == 2);
    for (const auto& s : listed) CHECK(s["online"] == (s["person"] == watchers[2].who.id));
    r.ada.check_against_snapshot();
    watchers[2].check_against_snapshot();
}

TEST_CASE("a crowd's view lists the first spectators and counts them all", "[server][presence]") {
    hosted_room r({{"seats", 2}}, paced_config());
    auto& h = r.h;
    const int crowd = static_cast<int>(carc::protocol::max_listed_spectators) + 5;
    std::vector<std::string> ids;
    for (int i = 0; i < crowd; ++i) {
        auto& p = h.arrive("Watcher " + std::to_string(i));
        h.send(p, {{"type", "spectate"}, {"room", r.room}});
        ids.push_back(p.id);
    }
    r.ada.read();
    CHECK(types_of(r.ada.received) == std::vector<std::string>{"room_created", "snapshot"});
    r.ada.received.clear();
    h.room(r.room).flush_presence();
    h.settle();
    r.ada.read();
    REQUIRE(types_of(r.ada.received) == std::vector<std::string>{"patch"});
    CHECK(r.ada.view()["room"]["spectator_count"] == crowd);
    const json& listed = r.ada.view()["room"]["spectators"];
    REQUIRE(listed.size() == carc::protocol::max_listed_spectators);
    std::sort(ids.begin(), ids.end());
    for (std::size_t i = 0; i < listed.size(); ++i) CHECK(listed[i]["person"] == ids[i]);
    r.ada.check_against_snapshot();
}

namespace {

// `n` spectators of the room, the presence patch that tells of them sent.
std::vector<room_harness::person*> spectating(hosted_room& r, int n) {
    std::vector<room_harness::person*> watchers;
    for (int i = 0; i < n; ++i) {
        auto& p = r.h.arrive("Watcher " + std::to_string(i));
        r.h.send(p, {{"type", "spectate"}, {"room", r.room}});
        watchers.push_back(&p);
    }
    r.h.room(r.room).flush_presence();
    r.h.settle();
    return watchers;
}

}  // namespace

TEST_CASE("one patch text is shared by every viewer with the same view", "[server][presence]") {
    hosted_room r({{"seats", 2}}, paced_config());
    const auto watchers = spectating(r, 4);
    // Ada's own part did not change either: the host and every spectator hold the same buffer.
    const auto shared = r.ada_person.link->last_text();
    REQUIRE(shared);
    CHECK(json::parse(*shared)["type"] == "patch");
    for (const auto* w : watchers) CHECK(w->link->last_text() == shared);
}

TEST_CASE("a room lets its spectators' patches wait for the write scheduler, never its players'", "[server][presence]") {
    hosted_room r({{"seats", 2}}, paced_config());
    const auto watchers = spectating(r, 3);
    for (const auto* w : watchers) CHECK(w->link->batched() == 1);  // the presence patch
    CHECK(r.ada_person.link->batched() == 0);  // the host gets it at once
}

TEST_CASE("a crowd's presence goes out less often, within the budget of sends a second", "[server][presence]") {
    using std::chrono::milliseconds;
    using carc::server::presence_pace;
    // A room of a few viewers keeps the interval.
    CHECK(presence_pace(milliseconds(1000), 2000, 6) == milliseconds(1000));
    CHECK(presence_pace(milliseconds(1000), 2000, 2000) == milliseconds(1000));
    // Past the budget, each patch reaches every viewer, so the interval grows with them.
    CHECK(presence_pace(milliseconds(1000), 2000, 10000) == milliseconds(5000));
    CHECK(presence_pace(milliseconds(100), 10, 5) == milliseconds(500));
    // No budget: the interval whatever the crowd.
    CHECK(presence_pace(milliseconds(1000), 0, 10000) == milliseconds(1000));
}
