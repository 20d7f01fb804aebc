// A person's own data across nodes (docs/accounts.md, "Your own data"): the exports' limit is
// counted in the store, so two nodes together allow `--exports-per-hour`.
#include <thread>

#include <catch2/catch.hpp>

#include "cluster_fixture.hpp"

using namespace carc::test;

namespace {

constexpr const char* password = "correct horse battery";

struct member {
    std::string name;
    std::string token;
    std::unique_ptr<ws_client> ws;
};

std::map<std::string, std::string> bearer(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }

// An account made at node 0, its WebSocket signed in at `connected_to`.
member sign_up(cluster& nodes, int connected_to, const std::string& name) {
    const auto made = http_send("127.0.0.1", nodes.port(0), "POST", "/api/accounts",
                                {{"Content-Type", "application/json"}},
                                json{{"name", name}, {"password", password}, {"want_token", true}}.dump());
    INFO(made.body);
    REQUIRE(made.status == 201);
    member m{name, json::parse(made.body)["token"], std::make_unique<ws_client>(nodes.port(connected_to))};
    const json welcome = m.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", m.token}});
    REQUIRE(welcome["account"] == name);
    return m;
}

}  // namespace

TEST_CASE("own data: exports are limited for both nodes together", "[multinode][accounts]") {
    cluster nodes(2, {"--exports-per-hour", "3"});
    member ada = sign_up(nodes, 0, "Ada");
    // Two at node 0, one at node 1: three in the hour.
    for (int node : {0, 0, 1}) {
        const auto exported = http_get(nodes.port(node), "/api/me/export", bearer(ada.token));
        INFO(node << ": " << exported.status);
        REQUIRE(exported.status == 200);
    }
    // The fourth is refused at either node (node 1 counted one of its own only).
    for (int node : {1, 0}) {
        const auto refused = http_get(nodes.port(node), "/api/me/export", bearer(ada.token));
        INFO(node << ": " << refused.body);
        CHECK(refused.status == 429);
        CHECK(json::parse(refused.body)["error"] == "rate_limited");
    }
    // Another account has a limit of its own.
    member bob = sign_up(nodes, 1, "Bob");
    CHECK(http_get(nodes.port(1), "/api/me/export", bearer(bob.token)).status == 200);
}
