// Lobby subscribers get the changes of each interval as one batch holding each room's latest
// state, so one address opening and closing hundreds of rooms cannot overflow a reader's send
// queue (docs/protocol.md, Lobby).
#include <catch2/catch.hpp>

#include <map>
#include <memory>

#include "room_harness.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

// A subscriber's list, kept from the messages it was sent, as a client keeps it.
struct lobby_copy {
    std::map<std::string, json> rooms;
    void absorb(const json& m) {
        const std::string type = m.value("type", "");
        if (type == "lobby") {
            rooms.clear();
            for (const auto& r : m["rooms"]) rooms[r["id"]] = r;
        } else if (type == "lobby_room") {
            rooms[m["room"]["id"]] = m["room"];
        } else if (type == "lobby_room_removed") {
            rooms.erase(m["room"].get<std::string>());
        } else if (type == "lobby_changes") {
            for (const auto& r : m["rooms"]) rooms[r["id"]] = r;
            for (const auto& id : m["removed"]) rooms.erase(id.get<std::string>());
        }
    }
};

}  // namespace

TEST_CASE("a lobby batch holds each changed room's final state, one message per interval", "[server][lobby]") {
    auto config = test_config();
    config.lobby_interval = std::chrono::hours(1);  // only the test's flush() sends batches
    room_harness h(config);
    auto& ada = h.arrive("Ada");
    auto& bob = h.arrive("Bob");
    auto subscriber = std::make_shared<recording_link>();
    h.state().rooms.subscribe(subscriber, 1);
    lobby_copy seen;
    for (const auto& m : subscriber->take()) seen.absorb(m);
    REQUIRE(seen.rooms.empty());

    // One person opens 640 rooms, closes every second one and gets company in the others.
    std::vector<std::string> kept, closed;
    for (int i = 0; i < 640; ++i) {
        const std::string room = h.create(ada);
        if (i % 2 == 0) {
            h.send(ada, {{"type", "leave"}, {"room", room}});
            closed.push_back(room);
        } else {
            h.send(bob, {{"type", "join"}, {"room", room}});
            kept.push_back(room);
        }
    }
    CHECK(subscriber->sent().empty());  // nothing before the interval ends

    h.state().rooms.flush();
    const auto batch = subscriber->take();
    REQUIRE(batch.size() == 1);
    CHECK(batch[0]["type"] == "lobby_changes");
    CHECK(batch[0]["rooms"].size() == kept.size());
    CHECK(batch[0]["removed"].size() == closed.size());
    seen.absorb(batch[0]);
    REQUIRE(seen.rooms.size() == kept.size());
    for (const auto& summary : h.state().rooms.public_rooms()) {
        json expected;
        carc::protocol::to_json(expected, summary);
        CHECK(seen.rooms.at(summary.id) == expected);
        CHECK(expected["taken"] == 2);  // the final state, not the room as first listed
    }

    // Nothing changed: no message. One change: the message it always was.
    h.state().rooms.flush();
    CHECK(subscriber->take().empty());
    h.send(bob, {{"type", "leave"}, {"room", kept.front()}});
    h.state().rooms.flush();
    const auto single = subscriber->take();
    REQUIRE(single.size() == 1);
    CHECK(single[0]["type"] == "lobby_room");
    CHECK(single[0]["room"]["taken"] == 1);
}

TEST_CASE("a subscriber reading normally is not dropped while one address opens and closes 640 rooms",
          "[server][lobby]") {
    auto config = test_config();  // the default send queue; no room caps
    config.lobby_interval = carc::server::server_config{}.lobby_interval;  // the default batching
    config.max_connections_per_ip = 17;  // the makers and the watcher
    test_server server(config);
    ws_client watcher(server.port());
    greet(watcher, "Watcher");
    REQUIRE(watcher.request({{"type", "lobby_subscribe"}})["type"] == "lobby");

    // One address, 16 connections (its default cap), each opening 40 rooms (the default burst).
    std::vector<std::unique_ptr<ws_client>> makers;
    for (int i = 0; i < 16; ++i) {
        makers.push_back(std::make_unique<ws_client>(server.port()));
        greet(*makers.back(), "Maker " + std::to_string(i));
    }
    for (auto& maker : makers)
        for (int i = 0; i < 40; ++i) maker->send({{"type", "create_room"}, {"id", i}, {"seats", 2}});
    std::vector<std::string> created;
    for (auto& maker : makers) {
        for (int i = 0; i < 40; ++i) {
            const auto reply = maker->wait_type("room_created", std::chrono::seconds(20));
            REQUIRE(reply);
            created.push_back((*reply)["room"]);
        }
    }
    // Every second room closes again at once (its only member leaves).
    for (std::size_t i = 0; i < created.size(); i += 2)
        makers[i / 40]->send({{"type", "leave"}, {"room", created[i]}});

    lobby_copy seen;
    int messages = 0;
    const auto settled = watcher.wait_for(
        [&](const json& m) {
            ++messages;
            seen.absorb(m);
            if (seen.rooms.size() != created.size() / 2) return false;
            for (std::size_t i = 1; i < created.size(); i += 2)
                if (!seen.rooms.contains(created[i])) return false;
            return true;
        },
        std::chrono::seconds(30));
    REQUIRE(settled);
    CHECK(messages < 256);  // a send queue's worth would have dropped the watcher before batching
    // Still connected: it answers, and its list is the server's.
    const json listed = watcher.request({{"type", "list_rooms"}});
    REQUIRE(listed["type"] == "lobby");
    CHECK(listed["rooms"].size() == created.size() / 2);
}
