// A connection over its address's HTTP cap costs the server a descriptor only until its 429 is
// written: the real server, limited to 64 descriptors, refuses three times that many connections
// whose clients stay open and keep sending, and still answers /healthz from another address.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "carc/testkit/server_process.hpp"
#include "people/security.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;

namespace {

// A blocking TCP connection from `source` (any 127/8 address) to 127.0.0.1:port; -1 on failure.
int connect_from(const char* source, unsigned short port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, source, &local.sin_addr);
    sockaddr_in remote{};
    remote.sin_family = AF_INET;
    remote.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
        ::connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool send_all(int fd, const std::string& text) {
    return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
}

// Everything the server sends until it ends the connection (EOF or reset), with a deadline so a
// server that never ends it fails the test instead of hanging it. `ended` says whether it did.
std::string read_until_end(int fd, bool& ended) {
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    ended = false;
    while (std::chrono::steady_clock::now() < deadline) {
        pollfd readable{fd, POLLIN, 0};
        if (::poll(&readable, 1, 100) <= 0) continue;
        char chunk[4096];
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0) {
            ended = true;
            break;
        }
        text.append(chunk, static_cast<std::size_t>(n));
    }
    return text;
}

const std::string healthz = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";

}  // namespace

TEST_CASE("connections refused over the HTTP cap are closed after their 429, not drained", "[server][http][descriptors]") {
    const fs::path dir = fs::temp_directory_path() / ("carc-refused-" + server::random_hex(6));
    fs::create_directories(dir);
    server_process child(CARC_SERVER_EXE,
                         {"--bind", "127.0.0.1", "--data-dir", (dir / "data").string(), "--web-root",
                          "/nonexistent", "--max-http-per-ip", "2"},
                         dir / "server.log", 64);

    // The address's two places are taken by idle keep-alive connections.
    std::vector<int> held;
    for (int i = 0; i < 2; ++i) held.push_back(connect_from("127.0.0.1", child.port()));
    REQUIRE(held[0] >= 0);
    REQUIRE(held[1] >= 0);

    // Three times the server's descriptor limit, each answered 429 and then ended by the server
    // while the client stays open and sends one more byte (a slow sender's next byte).
    std::vector<int> refused;
    int answered = 0;
    for (int i = 0; i < 192; ++i) {
        const int fd = connect_from("127.0.0.1", child.port());
        REQUIRE(fd >= 0);
        refused.push_back(fd);
        REQUIRE(send_all(fd, healthz));
        bool ended = false;
        const std::string reply = read_until_end(fd, ended);
        CHECK(ended);
        if (reply.starts_with("HTTP/1.1 429")) ++answered;
        (void)::send(fd, "x", 1, MSG_NOSIGNAL);
    }
    CHECK(answered == 192);

    // Another address is served while all of those are still open on the client's side.
    const int other = connect_from("127.0.0.2", child.port());
    REQUIRE(other >= 0);
    REQUIRE(send_all(other, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
    bool ended = false;
    CHECK(read_until_end(other, ended).starts_with("HTTP/1.1 200"));
    ::close(other);

    for (const int fd : refused) ::close(fd);
    for (const int fd : held) ::close(fd);
    child.kill_with(SIGTERM);
    fs::remove_all(dir);
}
