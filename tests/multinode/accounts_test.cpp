// Accounts across nodes (docs/accounts.md): the sessions live in PostgreSQL, so a session made
// at one node works at another, and ending it at the first closes its socket at the second
// (which finds out by checking its signed-in sockets against the store twice a second).
#include <catch2/catch.hpp>

#include "cluster_fixture.hpp"

using namespace carc::test;

namespace {

http_reply post_json(unsigned short port, const std::string& target, const json& body,
                     const std::string& bearer = {}) {
    std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
    if (!bearer.empty()) headers["Authorization"] = "Bearer " + bearer;
    return http_send("127.0.0.1", port, "POST", target, headers, body.dump());
}

}  // namespace

TEST_CASE("a session made at one node works at another, ending it at the first closes its socket at the second",
          "[multinode][accounts]") {
    cluster nodes(2);
    const auto made = post_json(nodes.port(0), "/api/accounts",
                                {{"name", "Ada"}, {"password", "correct horse battery"}, {"want_token", true}});
    INFO(made.body);
    REQUIRE(made.status == 201);
    const std::string token = json::parse(made.body)["token"];

    // Node 1 knows the session: over HTTP and over WebSocket.
    const auto me = http_get(nodes.port(1), "/api/me", {{"Authorization", "Bearer " + token}});
    REQUIRE(me.status == 200);
    CHECK(json::parse(me.body)["name"] == "Ada");
    ws_client at_b(nodes.port(1));
    const json welcome = at_b.request({{"type", "hello"}, {"protocol", 1}, {"name", "Ada"}, {"session", token}});
    INFO(welcome.dump());
    REQUIRE(welcome["type"] == "welcome");
    CHECK(welcome["account"] == "Ada");
    // And signing in at node 1 works with the account made at node 0.
    CHECK(post_json(nodes.port(1), "/api/sessions", {{"name", "ada"}, {"password", "correct horse battery"}}).status == 200);

    // Signed out at node 0: node 1 closes the socket (4003) on its next check.
    REQUIRE(post_json(nodes.port(0), "/api/sessions/end", json::object(), token).status == 200);
    REQUIRE(at_b.wait_closed(std::chrono::seconds(5)));
    CHECK(at_b.close_code() == 4003);
    CHECK(http_get(nodes.port(1), "/api/me", {{"Authorization", "Bearer " + token}}).status == 401);
}

TEST_CASE("wrong passwords and sign-ups are counted for both nodes together", "[multinode][accounts]") {
    cluster nodes(2, {"--sign-ups-per-address", "10"});  // the test nodes have no sign-up limit otherwise
    REQUIRE(post_json(nodes.port(0), "/api/accounts", {{"name", "Ada"}, {"password", "correct horse battery"}}).status ==
            201);
    // Ten wrong passwords, half at each node: the name's limit at this address (10 in 10
    // minutes) is reached, so the eleventh try is refused at either node, the right password too.
    for (int i = 0; i < 10; ++i) {
        const auto wrong = post_json(nodes.port(i % 2), "/api/sessions",
                                     {{"name", "Ada"}, {"password", "wrong guess " + std::to_string(i)}});
        INFO(i << ": " << wrong.body);
        REQUIRE(wrong.status == 401);
    }
    for (int node = 0; node < 2; ++node) {
        const auto refused = post_json(nodes.port(node), "/api/sessions", {{"name", "Ada"}, {"password", "correct horse battery"}});
        INFO(refused.body);
        CHECK(refused.status == 429);
        CHECK(refused.headers.count("retry-after") == 1);
    }

    // Sign-ups from one address (10 an hour), half at each node: the eleventh is refused.
    for (int i = 1; i < 10; ++i)
        REQUIRE(post_json(nodes.port(i % 2), "/api/accounts",
                          {{"name", "Newcomer " + std::to_string(i)}, {"password", "correct horse battery"}})
                    .status == 201);
    for (int node = 0; node < 2; ++node)
        CHECK(post_json(nodes.port(node), "/api/accounts", {{"name", "Latecomer"}, {"password", "correct horse battery"}})
                  .status == 429);
}
