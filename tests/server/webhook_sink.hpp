#pragma once
// A tiny HTTP listener for the webhook test: on a loopback port, it answers every request 200
// and keeps each request's body. One thread, blocking sockets; the destructor stops it.

#include <cctype>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>

namespace carc::test {

class webhook_sink {
public:
    webhook_sink() {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        REQUIRE(::listen(listen_fd_, 8) == 0);
        socklen_t length = sizeof address;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { serve(); });
    }
    ~webhook_sink() {
        ::shutdown(listen_fd_, SHUT_RDWR);  // wakes accept()
        thread_.join();
        ::close(listen_fd_);
    }
    webhook_sink(const webhook_sink&) = delete;
    webhook_sink& operator=(const webhook_sink&) = delete;

    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/hook"; }

    // Every request received so far: "METHOD TARGET\n" then the body.
    std::vector<std::string> requests() const {
        std::lock_guard lock(mutex_);
        return requests_;
    }

private:
    void serve() {
        for (;;) {
            const int fd = ::accept(listen_fd_, nullptr, nullptr);
            if (fd < 0) return;
            if (auto request = read_request(fd)) {
                const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
                [[maybe_unused]] const auto written = ::write(fd, ok.data(), ok.size());
                std::lock_guard lock(mutex_);
                requests_.push_back(std::move(*request));
            }
            ::close(fd);
        }
    }

    // The request line's method and target, then the body (as long as Content-Length says).
    static std::optional<std::string> read_request(int fd) {
        std::string in;
        char buffer[4096];
        std::size_t head_end = std::string::npos;
        std::size_t body_length = 0;
        for (;;) {
            if (head_end == std::string::npos && (head_end = in.find("\r\n\r\n")) != std::string::npos) {
                head_end += 4;
                const auto at = lowercase(in.substr(0, head_end)).find("content-length:");
                if (at != std::string::npos) body_length = std::stoul(in.substr(at + 15));
            }
            if (head_end != std::string::npos && in.size() >= head_end + body_length) break;
            const auto n = ::read(fd, buffer, sizeof buffer);
            if (n <= 0) return std::nullopt;
            in.append(buffer, static_cast<std::size_t>(n));
        }
        const auto line_end = in.find("\r\n");
        const auto target_end = in.rfind(' ', line_end);
        return in.substr(0, target_end) + "\n" + in.substr(head_end, body_length);
    }
    static std::string lowercase(std::string text) {
        for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return text;
    }

    int listen_fd_ = -1;
    unsigned short port_ = 0;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::vector<std::string> requests_;
};

}  // namespace carc::test
