// Requests that must be refused exactly: a private room's id from outside is answered like an
// id that names no room; names with control characters and messages with bytes after a NUL
// are refused with the documented codes.
#include <catch2/catch.hpp>

#include "room_openings.hpp"
#include "test_server.hpp"
#include "ws_client.hpp"

using namespace carc::test;

namespace {

// The reply without its request id: what the requester learns.
json answer(ws_client& c, json request) {
    json reply = c.request(std::move(request));
    reply.erase("id");
    return reply;
}

}  // namespace

TEST_CASE("a private room's id is answered exactly like a missing room's", "[server]") {
    test_server server;
    ws_client ada(server.port());
    greet(ada, "Ada");
    const json created = open_room(ada, {{"private", true}});
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];

    ws_client eve(server.port());
    greet(eve, "Eve");
    for (const char* type : {"join", "spectate", "chat", "snapshot", "leave", "start", "legal_placements"}) {
        INFO(type);
        json request = {{"type", type}, {"text", "hi"}};
        json to_private = request, to_missing = request;
        to_private["room"] = room;
        to_missing["room"] = "r999999";
        const json missing = answer(eve, to_missing);
        CHECK(missing["code"] == "no_such_room");
        CHECK(answer(eve, to_private) == missing);
    }
    // The invite still lets a friend in.
    CHECK(eve.request({{"type", "join"}, {"invite", created["invite"]}})["type"] == "joined");
}

TEST_CASE("names and room names with control characters are refused with bad_field", "[server]") {
    test_server server;
    ws_client c(server.port());
    const json refused = c.hello("Ada\x1b[31m");
    CHECK(refused["code"] == "bad_field");
    greet(c, "Ada");
    CHECK(c.request({{"type", "create_room"}, {"name", "Friday\ngame"}})["code"] == "bad_field");
    open_room(c, {{"name", "Friday game"}});
}

TEST_CASE("a message with bytes after a NUL is refused with bad_json", "[server]") {
    test_server server;
    ws_client c(server.port());
    greet(c, "Ada");
    c.send_raw(std::string(R"({"type":"list_rooms","id":5})") + std::string(1, '\0') + "trailing");
    const auto reply = c.wait_type("error");
    REQUIRE(reply);
    CHECK((*reply)["code"] == "bad_json");
    CHECK(c.request({{"type", "list_rooms"}})["type"] == "lobby");
}
