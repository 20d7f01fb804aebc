#pragma once
// A webhook host that accepts connections and never answers: a loopback port that listens and
// never calls accept(), so the kernel completes each connection and the request waits forever.

#include <string>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>

namespace carc::test {

class silent_host {
public:
    silent_host() {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        REQUIRE(::listen(fd_, 16) == 0);
        socklen_t length = sizeof address;
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
    }
    ~silent_host() { ::close(fd_); }
    silent_host(const silent_host&) = delete;
    silent_host& operator=(const silent_host&) = delete;

    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/hook"; }

private:
    int fd_ = -1;
    unsigned short port_ = 0;
};

}  // namespace carc::test
