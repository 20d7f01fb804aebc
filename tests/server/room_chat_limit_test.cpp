// A room's chat as a whole is rate limited (--room-chat-rate, --room-chat-burst): every line
// goes to every member, so many senders each within their own connection's limit must not
// flood the readers. Past the room's burst, the sender gets room_chat_limited and nobody the line.
#include <catch2/catch.hpp>

#include "room_harness.hpp"

using namespace carc::test;

namespace {

int chat_lines(const std::vector<json>& messages) {
    int n = 0;
    for (const auto& m : messages) n += m.value("type", "") == "chat" ? 1 : 0;
    return n;
}

json chat(const std::string& room, const std::string& text) { return {{"type", "chat"}, {"room", room}, {"text", text}}; }

}  // namespace

TEST_CASE("a room refuses chat past its own rate, whoever sends it", "[server][room][chat]") {
    auto config = test_config();
    config.room_chat_rate = 0.001;  // no refill during the test: the burst is all there is
    config.room_chat_burst = 3;
    room_harness h(config);
    auto& ada = h.arrive("Ada");
    auto& bob = h.arrive("Bob");
    auto& eve = h.arrive("Eve");
    const std::string room = h.create(ada, {{"seats", 2}});
    h.send(bob, {{"type", "join"}, {"room", room}});
    const std::string other_room = h.create(eve, {{"seats", 2}});
    ada.link->take();
    bob.link->take();
    eve.link->take();

    // Three lines from two senders fill the room's burst.
    for (auto* who : {&ada, &bob, &ada}) {
        const int id = h.send(*who, chat(room, "hi"));
        const auto reply = reply_to(who->link->sent(), id);
        REQUIRE(reply);
        CHECK((*reply)["type"] == "ack");
    }
    const int id = h.send(bob, chat(room, "one more"));
    const auto refused = reply_to(bob.link->sent(), id);
    REQUIRE(refused);
    CHECK((*refused)["type"] == "error");
    CHECK((*refused)["code"] == "room_chat_limited");
    CHECK((*refused)["params"] == json({{"rate", 0.001}, {"burst", 3.0}}));
    CHECK(chat_lines(ada.link->take()) == 3);
    CHECK(chat_lines(bob.link->take()) == 3);

    // Another room's chat is its own.
    const int elsewhere = h.send(eve, chat(other_room, "hello"));
    const auto reply = reply_to(eve.link->sent(), elsewhere);
    REQUIRE(reply);
    CHECK((*reply)["type"] == "ack");
}
