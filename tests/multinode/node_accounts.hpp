#pragma once
// Accounts on the nodes of a cluster (cluster_fixture.hpp), as the terminal client has them: a
// session token from sign-up, HTTP calls and WebSocket greetings with it; and counting a
// server log's lines.

#include <map>
#include <memory>
#include <string>

#include "cluster_fixture.hpp"

namespace carc::test {

inline constexpr const char* node_password = "correct horse battery";

// An HTTP call to a node, with the session token when one is given.
inline http_reply call(unsigned short port, const std::string& method, const std::string& target, const json& body,
                       const std::string& token) {
    std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
    if (!token.empty()) headers["Authorization"] = "Bearer " + token;
    return http_send("127.0.0.1", port, method, target, headers, body.is_null() ? "" : body.dump());
}

struct node_account {
    std::string token;   // the session's
    std::string person;  // the account's person id
};

// A new account, signed up at the node on `port`.
inline node_account sign_up_at(unsigned short port, const std::string& name) {
    const auto made =
        call(port, "POST", "/api/accounts", {{"name", name}, {"password", node_password}, {"want_token", true}}, {});
    INFO(made.body);
    REQUIRE(made.status == 201);
    const json body = json::parse(made.body);
    return {body["token"], body["person"]};
}

// A WebSocket to the node on `port`, greeted with the session `token`.
inline std::unique_ptr<ws_client> connect_with(unsigned short port, const std::string& token) {
    auto ws = std::make_unique<ws_client>(port);
    const json welcome = ws->request({{"type", "hello"}, {"protocol", 1}, {"name", "x"}, {"session", token}});
    INFO(welcome.dump());
    REQUIRE(welcome["type"] == "welcome");
    return ws;
}

// How often `needle` stands in `text` (a log's lines of one event).
inline std::size_t count_of(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

}  // namespace carc::test
