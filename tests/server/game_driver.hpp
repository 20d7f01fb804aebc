#pragma once
// A thin test client's memory of one room over a real connection: the view it follows
// (view_follower.hpp), requests that absorb what arrives before their reply, waits.

#include <functional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "view_follower.hpp"
#include "ws_client.hpp"

namespace carc::test {

// The view follower (view_follower.hpp) of one room over a real connection.
struct viewer : view_follower {
    viewer(ws_client& c, std::string room_id) : view_follower(std::move(room_id)), client(c) {}

    ws_client& client;

    // Sends a request, absorbs everything that arrives before its reply, returns the reply.
    json request(json message) {
        std::vector<json> skipped;
        json reply = client.request(std::move(message), std::chrono::seconds(5), &skipped);
        absorb(skipped);
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
        absorb(skipped);
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
