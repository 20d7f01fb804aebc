// Every bad input of docs/protocol.md gets its documented error; the connection, the room and
// the server carry on where the protocol says they do.
#include <thread>

#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "room_openings.hpp"
#include "upgrade_status.hpp"
#include "test_server.hpp"

using namespace carc::test;

namespace {

std::string error_code(const json& reply) {
    INFO(reply.dump());
    REQUIRE(reply["type"] == "error");
    return reply["code"];
}

json raw_request(ws_client& c, const std::string& text) {
    c.send_raw(text);
    auto reply = c.wait_type("error");
    return reply ? *reply : json{{"type", "timeout"}};
}

void check_server_alive(unsigned short port) {
    ws_client fresh(port);
    greet(fresh, "Later");
}

}  // namespace

TEST_CASE("malformed, unknown, oversized and deep messages get errors and the connection stays", "[server]") {
    test_server server;
    ws_client c(server.port());
    CHECK(error_code(c.request({{"type", "list_rooms"}})) == "hello_required");
    greet(c, "Ada");
    CHECK(error_code(c.hello("Ada")) == "already_hello");
    CHECK(error_code(raw_request(c, "{\"type\": \"list_rooms\"")) == "bad_json");
    CHECK(error_code(raw_request(c, "[1, 2, 3]")) == "bad_json");
    CHECK(error_code(c.request({{"type", "teleport"}})) == "unknown_type");
    CHECK(error_code(c.request({{"type", "join"}})) == "bad_field");
    CHECK(error_code(c.request({{"type", "create_room"}, {"seats", 9}})) == "bad_field");
    CHECK(error_code(c.request({{"type", "create_room"}, {"rules", "castle"}, {"seats", 3}})) == "bad_settings");
    CHECK(error_code(c.request({{"type", "chat"}, {"room", "r999"}, {"text", "hi"}})) == "no_such_room");

    json huge = {{"type", "chat"}, {"room", "r1"}, {"text", std::string(70 * 1024, 'x')}};
    CHECK(error_code(raw_request(c, huge.dump())) == "too_large");
    const std::string deep = "{\"type\":\"chat\",\"x\":" + std::string(100, '[') + std::string(100, ']') + "}";
    CHECK(error_code(raw_request(c, deep)) == "too_deep");

    // Still the same healthy connection.
    CHECK(c.request({{"type", "list_rooms"}})["type"] == "lobby");
}

TEST_CASE("a frame far over the limit closes that connection only (1009)", "[server]") {
    test_server server;
    ws_client c(server.port());
    greet(c, "Ada");
    c.send_frame_header(2 * 1024 * 1024);  // refused from its header, before any payload
    REQUIRE(c.wait_closed());
    CHECK(c.close_code() == 1009);
    check_server_alive(server.port());
}

TEST_CASE("a wrong protocol version is refused and the connection closed (1008)", "[server]") {
    test_server server;
    ws_client c(server.port());
    const json reply = c.request({{"type", "hello"}, {"protocol", 2}, {"name", "Future"}});
    CHECK(error_code(reply) == "protocol_version");
    REQUIRE(c.wait_closed());
    CHECK(c.close_code() == 1008);
    check_server_alive(server.port());
}

TEST_CASE("a stale reconnect token is refused, hello without one still works", "[server]") {
    test_server server;
    ws_client c(server.port());
    CHECK(error_code(c.hello("Ada", std::string(64, 'a'))) == "unknown_token");
    const json welcome = c.hello("Ada");
    CHECK(welcome["type"] == "welcome");
    CHECK(welcome["resumed"] == false);
}

TEST_CASE("a flood is rate limited, then served again, a long flood closes (1008)", "[server]") {
    auto config = test_config();
    config.rate_per_second = 5;
    config.burst = 5;
    config.flood_close_after = 40;
    test_server server(config);
    ws_client c(server.port());
    greet(c, "Ada");
    for (int i = 0; i < 20; ++i) c.send({{"type", "list_rooms"}});
    int limited = 0, served = 0;
    while (auto m = c.next(std::chrono::milliseconds(300))) {
        if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
        if ((*m)["type"] == "lobby") ++served;
    }
    CHECK(limited >= 10);
    CHECK(served <= 6);
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    CHECK(c.request({{"type", "list_rooms"}})["type"] == "lobby");

    for (int i = 0; i < 200; ++i) c.send({{"type", "list_rooms"}});
    REQUIRE(c.wait_closed());
    CHECK(c.close_code() == 1008);
    check_server_alive(server.port());
}

TEST_CASE("no hello within the deadline closes the connection (1008)", "[server]") {
    auto config = test_config();
    config.hello_timeout = std::chrono::milliseconds(150);
    test_server server(config);
    ws_client c(server.port());
    REQUIRE(c.wait_closed(std::chrono::seconds(3)));
    CHECK(c.close_code() == 1008);
}

TEST_CASE("connections per address are capped", "[server]") {
    auto config = test_config();
    config.max_connections_per_ip = 2;
    test_server server(config);
    auto first = std::make_unique<ws_client>(server.port());
    ws_client second(server.port());
    CHECK(upgrade_status(server.port()) == 429);  // too many connections
    first.reset();
    // Its slot is free once the server has seen the close: until then a newcomer still gets 429.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    int status = upgrade_status(server.port());
    while (status == 429 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        status = upgrade_status(server.port());
    }
    CHECK(status == 101);
}

TEST_CASE("the Origin allow-list refuses other sites", "[server]") {
    auto config = test_config();
    config.allowed_origins = {"http://good.example"};
    test_server server(config);
    CHECK(upgrade_status(server.port(), {{"Origin", "http://evil.example"}}) == 403);
    ws_client good(server.port(), {{"Origin", "http://good.example"}});
    CHECK(good.hello("Ada")["type"] == "welcome");
}

TEST_CASE("shutdown says goodbye with 1001", "[server]") {
    test_server server;
    ws_client c(server.port());
    greet(c, "Ada");
    server.stop();
    REQUIRE(c.wait_closed());
    CHECK(c.close_code() == 1001);
}
