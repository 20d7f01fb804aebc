// Out of file descriptors, the accept loop backs off instead of spinning: the real server, in a
// child process limited to 128 descriptors, meets 300 connections, logs the back-off once (not
// once per failed accept), and serves again once the connections are gone.
#include <csignal>
#include <fstream>
#include <memory>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>

#include "carc/testkit/http_client.hpp"
#include "people/security.hpp"
#include "carc/testkit/server_process.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;
namespace net = boost::asio;

namespace {

int count_lines_with(const fs::path& log, const std::string& words) {
    std::ifstream in(log);
    std::string line;
    int n = 0;
    while (std::getline(in, line))
        if (line.find(words) != std::string::npos) ++n;
    return n;
}

}  // namespace

TEST_CASE("out of descriptors, the server backs off, logs once and recovers", "[server][descriptors]") {
    const fs::path dir = fs::temp_directory_path() / ("carc-nofile-" + server::random_hex(6));
    fs::create_directories(dir);
    const fs::path log = dir / "server.log";
    server_process child(CARC_SERVER_EXE,
                         {"--bind", "127.0.0.1", "--data-dir", (dir / "data").string(), "--web-root",
                          "/nonexistent", "--max-http-per-ip", "1000"},
                         log, 128);

    net::io_context ioc;
    const net::ip::tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), child.port());
    std::vector<std::unique_ptr<net::ip::tcp::socket>> clients;
    for (int i = 0; i < 300; ++i) {
        auto socket = std::make_unique<net::ip::tcp::socket>(ioc);
        socket->connect(endpoint);  // completed by the kernel's backlog even when not accepted
        clients.push_back(std::move(socket));
    }
    // Bounded wait until the server has run out (it logs that it did).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (count_lines_with(log, "event=accept_") == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(count_lines_with(log, "event=accept_") > 0);

    clients.clear();
    // Served again: this request waits in the backlog until the back-off retries.
    CHECK(http_get(child.port(), "/healthz").status == 200);

    CHECK(count_lines_with(log, "event=accept_paused") >= 1);
    // One line when an episode starts and one when it ends, not one per failed accept (a
    // spinning loop writes hundreds of thousands a second).
    CHECK(count_lines_with(log, "event=accept_") <= 10);
    child.kill_with(SIGTERM);
    fs::remove_all(dir);
}
