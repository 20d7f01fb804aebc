#pragma once
// A thin test client's memory of one room: the view it holds, kept up to date by applying each
// snapshot and patch exactly as a browser would.

#include <functional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ws_client.hpp"

namespace carc::test {

struct viewer {
    viewer(ws_client& c, std::string room_id) : client(c), room(std::move(room_id)) {}

    ws_client& client;
    std::string room;
    json view;
    std::uint64_t version = 0;

    // Takes in a snapshot or patch of this room; other messages are ignored.
    void absorb(const json& m) {
        const std::string type = m.value("type", "");
        if (m.value("room", "") != room) return;
        if (type == "snapshot") {
            view = m["view"];
            version = m["version"].get<std::uint64_t>();
        } else if (type == "patch") {
            if (view.is_null()) return;  // set up after its client read the snapshot: sync() follows
            REQUIRE(m["version"].get<std::uint64_t>() == version + 1);  // no gaps
            view = view.patch(m["patch"]);
            version = m["version"].get<std::uint64_t>();
        }
    }
    void absorb_all(const std::vector<json>& messages) {
        for (const auto& m : messages) absorb(m);
    }
    // Sends a request, absorbs everything that arrives before its reply, returns the reply.
    json request(json message) {
        std::vector<json> skipped;
        json reply = client.request(std::move(message), std::chrono::seconds(5), &skipped);
        absorb_all(skipped);
        return reply;
    }
    // Asks for a snapshot and checks that the patched view equals it.
    void check_against_snapshot() {
        const json reply = request({{"type", "snapshot"}, {"room", room}});
        REQUIRE(reply["type"] == "snapshot");
        REQUIRE(reply["version"].get<std::uint64_t>() == version);
        REQUIRE(reply["view"] == view);
    }
    // Adopts a fresh snapshot (for a viewer set up after its client already read some messages).
    void sync() {
        const json reply = request({{"type", "snapshot"}, {"room", room}});
        REQUIRE(reply["type"] == "snapshot");
        view = reply["view"];
        version = reply["version"].get<std::uint64_t>();
    }
    // Waits for a message of `type`, absorbing every snapshot and patch on the way.
    std::optional<json> wait_message(const std::string& type) {
        std::vector<json> skipped;
        auto m = client.wait_for([&](const json& x) { return x.value("type", "") == type; },
                                 std::chrono::seconds(5), &skipped);
        absorb_all(skipped);
        return m;
    }
    // Absorbs messages until `done` holds for the view.
    bool wait_until(const std::function<bool(const json&)>& done,
                    std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!done(view)) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return false;
            auto m = client.next(left);
            if (!m) return false;
            absorb(*m);
        }
        return true;
    }
};

inline bool game_over(const json& view) {
    return view.contains("game") && view["game"].is_object() && !view["game"]["result"].is_null();
}

}  // namespace carc::test
