#pragma once
// A server with a SQLite store in a temporary folder, and the HTTP calls of the accounts API
// (docs/protocol.md, "Accounts"): JSON bodies, the session cookie kept from Set-Cookie.

#include <filesystem>
#include <memory>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "app/shared_state.hpp"
#include "carc/storage/sqlite_store.hpp"
#include "carc/testkit/http_client.hpp"
#include "people/security.hpp"
#include "test_server.hpp"
#include "ws_client.hpp"

namespace carc::test {

using nlohmann::json;

struct account_server {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("carc-accounts-" + server::random_hex(6));
    storage::Stores stores;
    std::shared_ptr<storage::Store> store;  // stores.games
    std::unique_ptr<test_server> server;

    explicit account_server(server::server_config config = test_config()) {
        storage::SqliteOptions options;
        options.data_dir = dir;
        auto opened = storage::open_sqlite_stores(options);
        REQUIRE(opened.ok());
        stores = std::move(opened).value();
        store = stores.games;
        server = std::make_unique<test_server>(std::move(config), stores);
    }
    // A server on stores opened elsewhere (PostgreSQL).
    account_server(storage::Stores given, server::server_config config) : stores(std::move(given)) {
        store = stores.games;
        server = std::make_unique<test_server>(std::move(config), stores);
    }
    ~account_server() {
        server.reset();
        store.reset();
        stores = {};
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    unsigned short port() const { return server->port(); }
    server::shared_state& state() { return server->app().state(); }
    storage::AccountStore& accounts() { return dynamic_cast<storage::AccountStore&>(*store); }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port()); }
};

struct api_reply {
    int status = 0;
    json body;
    std::map<std::string, std::string> headers;
    // The session secret the Set-Cookie header stores ("" when it removes the cookie).
    std::string cookie() const {
        const auto it = headers.find("set-cookie");
        if (it == headers.end()) return {};
        const std::string& value = it->second;
        const auto start = value.find('=') + 1;
        return value.substr(start, value.find(';') - start);
    }
};

// `auth`: a cookie value ("carc_session=..."), or a Bearer token when it starts with "Bearer ".
inline api_reply call_api(unsigned short port, const std::string& method, const std::string& target,
                          const json& body = nullptr, const std::string& auth = {},
                          std::map<std::string, std::string> headers = {}) {
    if (auth.starts_with("Bearer ")) headers["Authorization"] = auth;
    else if (!auth.empty()) headers["Cookie"] = "carc_session=" + auth;
    if (!body.is_null()) headers["Content-Type"] = "application/json";
    const auto reply = http_send("127.0.0.1", port, method, target, headers, body.is_null() ? "" : body.dump());
    api_reply out{reply.status, json::parse(reply.body, nullptr, false), reply.headers};
    return out;
}

inline api_reply sign_up(unsigned short port, const std::string& name, const std::string& password,
                         json extra = json::object()) {
    extra["name"] = name;
    extra["password"] = password;
    return call_api(port, "POST", "/api/accounts", extra);
}

inline api_reply sign_in(unsigned short port, const std::string& name, const std::string& password,
                         json extra = json::object()) {
    extra["name"] = name;
    extra["password"] = password;
    return call_api(port, "POST", "/api/sessions", extra);
}

// An account signed up and greeted over a WebSocket with its session token (the terminal
// client's way), for the tests that play as accounts.
struct signed_player {
    std::string name;
    std::string person;
    std::string token;  // the session's secret
    std::unique_ptr<ws_client> ws;
    std::string auth() const { return "Bearer " + token; }
};

inline signed_player sign_up_player(account_server& s, const std::string& name,
                             const std::string& password = "correct horse battery") {
    const auto made = sign_up(s.port(), name, password, {{"want_token", true}});
    REQUIRE(made.status == 201);
    signed_player p{name, made.body["person"].get<std::string>(), made.body["token"].get<std::string>(),
             std::make_unique<ws_client>(s.port())};
    const json welcome = p.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", p.token}});
    REQUIRE(welcome["account"] == name);
    return p;
}

}  // namespace carc::test
