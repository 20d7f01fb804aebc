#pragma once
// A person's copy of one room's view, kept up to date from the messages they were sent, exactly
// as a client does: a snapshot replaces it; a patch (with the next version, no gaps) changes it;
// other rooms' messages are ignored. The one view follower of the server tests: over a real
// connection (game_driver.hpp: viewer), in process (room_harness.hpp: room_member), and in a
// replay of the frames a client received.

#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace carc::test {

struct view_follower {
    explicit view_follower(std::string room_id = {}) : room(std::move(room_id)) {}

    std::string room;
    nlohmann::json view;
    std::uint64_t version = 0;

    // Takes in a snapshot or patch of this room; other messages are ignored.
    void absorb(const nlohmann::json& m) {
        if (m.value("room", "") != room) return;
        const std::string type = m.value("type", "");
        if (type == "snapshot") {
            view = m["view"];
            version = m["version"].get<std::uint64_t>();
        } else if (type == "patch") {
            if (view.is_null()) return;  // followed after its snapshot went by: a sync follows
            REQUIRE(m["version"].get<std::uint64_t>() == version + 1);  // no gaps
            view = view.patch(m["patch"]);
            version = m["version"].get<std::uint64_t>();
        }
    }
    void absorb(const std::vector<nlohmann::json>& messages) {
        for (const auto& m : messages) absorb(m);
    }
};

}  // namespace carc::test
