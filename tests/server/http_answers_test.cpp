// HTTP requests the server cannot serve get an HTTP answer, not a dropped connection: a folder
// named without its slash, a URL or header over 8 KB, a body over the limit. Plain HTTP
// connections are capped per address as WebSockets are.
#include <filesystem>
#include <fstream>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>

#include "carc/testkit/http_client.hpp"
#include "test_server.hpp"

using namespace carc::test;
namespace net = boost::asio;

TEST_CASE("a folder without its trailing slash is redirected, a missing one is 404", "[server][http]") {
    const auto root = std::filesystem::temp_directory_path() / "carc-web-root-folders";
    std::filesystem::create_directories(root / "js");
    std::ofstream(root / "js" / "app.js") << "console.log(1);";
    test_server server(test_config(), nullptr, root.string());

    const raw_reply folder = http_raw(server.port(), "GET /js HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(folder.status == 301);
    CHECK(folder.location == "/js/");
    const raw_reply with_query = http_raw(server.port(), "GET /js?v=2 HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(with_query.status == 301);
    CHECK(with_query.location == "/js/?v=2");
    CHECK(http_raw(server.port(), "GET /js/ HTTP/1.1\r\nHost: x\r\n\r\n").status == 404);  // no index.html
    CHECK(http_raw(server.port(), "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n").status == 404);
    CHECK(http_raw(server.port(), "GET /js/app.js HTTP/1.1\r\nHost: x\r\n\r\n").status == 200);
    std::filesystem::remove_all(root);
}

TEST_CASE("a URL or header over 8 KB gets 414 or 431, a body over the limit 413", "[server][http]") {
    test_server server;
    const std::string long_url = "/api/rooms?" + std::string(9000, 'a');
    CHECK(http_raw(server.port(), "GET " + long_url + " HTTP/1.1\r\nHost: x\r\n\r\n").status == 414);
    const std::string long_header = "X-Filler: " + std::string(9000, 'b') + "\r\n";
    CHECK(http_raw(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n" + long_header + "\r\n").status == 431);
    const std::string body(20000, 'c');
    CHECK(http_raw(server.port(), "POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: " +
                                      std::to_string(body.size()) + "\r\n\r\n" + body)
              .status == 413);
    // Just under the limits is an ordinary request.
    CHECK(http_raw(server.port(), "GET /healthz?" + std::string(7000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n").status == 200);
    CHECK(http_get(server.port(), "/healthz").status == 200);
}

TEST_CASE("plain HTTP connections are capped per address", "[server][http]") {
    auto config = test_config();
    config.max_http_connections_per_ip = 2;
    test_server server(config);
    net::io_context ioc;
    const net::ip::tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), server.port());
    auto first = std::make_unique<net::ip::tcp::socket>(ioc);
    first->connect(endpoint);
    net::ip::tcp::socket second(ioc);
    second.connect(endpoint);
    // Both idle connections are held; the next one from the address is answered 429.
    CHECK(http_raw(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").status == 429);
    first.reset();
    // The server sees the close and frees the place (bounded wait for that).
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (status != 200 && std::chrono::steady_clock::now() < deadline) {
        status = http_raw(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").status;
        if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    CHECK(status == 200);
}
