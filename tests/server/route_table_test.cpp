// The route table answers what no handler has to: an unknown API path, a method a path does not
// take, a cross-site call, a body over a route's limit, and a full blocking pool, each with a
// clear JSON refusal; the blocking pool refuses past its bound and counts in /metrics.
#include <future>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "base/blocking_pool.hpp"
#include "base/metrics.hpp"

using namespace carc::test;
using nlohmann::json;

namespace {
constexpr const char* password = "correct horse battery";
}

TEST_CASE("the route table refuses unknown API paths, wrong methods and other sites' calls", "[server][http][routes]") {
    account_server s;
    const auto unknown = call_api(s.port(), "GET", "/api/nothing/here");
    CHECK(unknown.status == 404);
    CHECK(unknown.body["error"] == "not_found");

    const auto wrong_method = call_api(s.port(), "DELETE", "/api/leaderboard");
    CHECK(wrong_method.status == 405);
    CHECK(wrong_method.body["error"] == "method_not_allowed");
    CHECK(wrong_method.headers.at("allow") == "GET");

    const auto cross_site = call_api(s.port(), "POST", "/api/accounts", {{"name", "Ada"}, {"password", password}}, {},
                                     {{"Origin", "https://evil.example"}});
    CHECK(cross_site.status == 403);
    CHECK(cross_site.body["error"] == "cross_site");
    // The refusal stopped it before the handler: the name is still free.
    CHECK(sign_up(s.port(), "Ada", password).status == 201);

    // A path parameter is one segment, percent-decoded.
    const auto player = call_api(s.port(), "GET", "/api/players/%41da");
    CHECK(player.status == 200);
    CHECK(player.body["name"] == "Ada");
    CHECK(call_api(s.port(), "GET", "/api/players/Ada/extra").status == 404);
}

TEST_CASE("a signed-in route without a session is refused once, by the table", "[server][http][routes]") {
    account_server s;
    for (const char* target : {"/api/me", "/api/me/games", "/api/me/friends", "/api/me/sessions"}) {
        INFO(target);
        const auto refused = call_api(s.port(), "GET", target);
        CHECK(refused.status == 401);
        CHECK(refused.body["error"] == "not_signed_in");
    }
    const auto forged = call_api(s.port(), "GET", "/api/me", nullptr, std::string(43, 'x'));
    CHECK(forged.status == 401);
    CHECK(forged.body["error"] == "unknown_session");
}

TEST_CASE("the blocking pool refuses work past its bound and counts what it did", "[server][routes][pool]") {
    carc::server::pool_counters counters;
    carc::server::blocking_pool pool(1, 1, counters);
    std::promise<void> release;
    std::promise<void> started;
    auto gate = release.get_future().share();
    REQUIRE(pool.try_post([&] {
        started.set_value();
        gate.wait();
    }));
    started.get_future().wait();  // the one thread is busy now
    CHECK(counters.running == 1);
    std::promise<void> second_ran;
    CHECK(pool.try_post([&] { second_ran.set_value(); }));  // waits: the bound is one
    CHECK(counters.waiting == 1);
    CHECK_FALSE(pool.try_post([] {}));  // refused at once
    CHECK(counters.refused_total == 1);
    release.set_value();
    second_ran.get_future().wait();
    pool.stop();
    CHECK(counters.done_total == 2);
    CHECK(counters.waiting == 0);
    CHECK(counters.running == 0);
    CHECK(counters.threads == 1);
}

TEST_CASE("/metrics names the blocking pool", "[server][http][routes]") {
    test_server server;
    const auto reply = http_get(server.port(), "/metrics");
    CHECK(reply.status == 200);
    CHECK(reply.body.find("carc_blocking_threads 4") != std::string::npos);
    CHECK(reply.body.find("carc_blocking_refused_total 0") != std::string::npos);
}
