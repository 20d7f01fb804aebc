// The terminal client and several server nodes: a `redirect` moves the link to the named node,
// the hello there carries the same token and the redirected request is sent again; a node that
// cannot be reached sends the link back to the --server address.

#include <catch2/catch.hpp>

#include "client_model.hpp"
#include "server_url.hpp"

using namespace carc::term;

namespace {

json welcome(const std::string& token, json rooms = json::array()) {
    return {{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", token}, {"rooms", rooms}};
}

// The outbox without the requests every welcome makes.
std::vector<json> after_welcome(ClientModel& model) {
    std::vector<json> out;
    for (json& m : model.take_outbox())
        if (m["type"] != "get_tiles" && m["type"] != "lobby_subscribe" && m["type"] != "watch" &&
            m["type"] != "visibility") out.push_back(std::move(m));
    return out;
}

}  // namespace

TEST_CASE("a redirected join is sent again at the owner's node after a hello with the same token") {
    ClientModel model("Ada");
    model.connected();
    model.take_outbox();
    model.handle(welcome("tok"));
    model.take_outbox();
    CHECK_FALSE(model.take_redirect());

    model.request({{"type", "join"}, {"room", "r17"}});
    const auto sent = model.take_outbox();
    REQUIRE(sent.size() == 1);
    model.handle({{"type", "redirect"}, {"id", sent[0]["id"]}, {"url", "http://127.0.0.1:9002"},
                  {"ws", "ws://127.0.0.1:9002/ws"}, {"room", "r17"}});
    const auto to = model.take_redirect();
    REQUIRE(to);
    CHECK(*to == "ws://127.0.0.1:9002/ws");
    CHECK_FALSE(model.take_redirect());  // once
    CHECK(model.take_outbox().empty());  // nothing more on the old node

    // The link moves: the old connection ends, the new one says hello with the same token.
    model.disconnected();
    model.connected();
    auto out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "hello");
    CHECK(out[0]["token"] == "tok");
    model.handle(welcome("tok"));
    out = after_welcome(model);
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "join");
    CHECK(out[0]["room"] == "r17");
    CHECK(out[0]["id"] != sent[0]["id"]);

    // Sent once: the next welcome (another reconnect) does not repeat it.
    model.disconnected();
    model.connected();
    model.take_outbox();
    model.handle(welcome("tok"));
    CHECK(after_welcome(model).empty());
}

TEST_CASE("a redirected hello moves the link and repeats nothing but the hello") {
    ClientModel model("Ada", "tok");
    model.connected();
    const auto hello = model.take_outbox();
    REQUIRE(hello.size() == 1);
    model.handle({{"type", "redirect"}, {"id", hello[0]["id"]}, {"url", "http://127.0.0.1:9003"},
                  {"ws", "ws://127.0.0.1:9003/ws"}});
    CHECK(model.take_redirect() == std::optional<std::string>("ws://127.0.0.1:9003/ws"));
    model.disconnected();
    model.connected();
    const auto again = model.take_outbox();
    REQUIRE(again.size() == 1);
    CHECK(again[0]["type"] == "hello");
    CHECK(again[0]["token"] == "tok");
    model.handle(welcome("tok", json::array({"r17"})));
    CHECK(after_welcome(model).empty());
}

TEST_CASE("the route follows a redirect and goes home when the named node cannot be reached") {
    ServerRoute route(*parse_server_url("ws://127.0.0.1:8080/ws"));
    CHECK(route.at_home());
    REQUIRE(route.follow("ws://127.0.0.1:9002/ws"));
    CHECK_FALSE(route.at_home());
    CHECK(route.current().port == "9002");

    // A session there that got past the handshake keeps the link at that node.
    route.session_ended(true);
    CHECK(route.current().port == "9002");
    // One that never reached it (the node died): back to the first address.
    route.session_ended(false);
    CHECK(route.at_home());
    CHECK(route.current().port == "8080");

    // Not a ws:// address: the route stays.
    CHECK_FALSE(route.follow("http://127.0.0.1:9002"));
    CHECK(route.at_home());
}
