#pragma once
// A push service for the tests (RFC 8030's push resource, as far as a sender sees it): on a
// loopback port it keeps every request (target, headers, body) and answers 201, or the status
// set for a target (410 for a subscription that is gone). One thread, blocking sockets; the
// destructor stops it.

#include <cctype>
#include <map>
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

struct pushed {
    std::string target;
    std::map<std::string, std::string> headers;  // names in lowercase
    std::string body;
};

class push_service {
public:
    push_service() {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        REQUIRE(::listen(listen_fd_, 16) == 0);
        socklen_t length = sizeof address;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { serve(); });
    }
    ~push_service() {
        ::shutdown(listen_fd_, SHUT_RDWR);  // wakes accept()
        thread_.join();
        ::close(listen_fd_);
    }
    push_service(const push_service&) = delete;
    push_service& operator=(const push_service&) = delete;

    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    // A browser's endpoint at this service.
    std::string endpoint(const std::string& name) const { return origin() + "/push/" + name; }
    // Requests to `target` ("/push/name") are answered `status` from now on.
    void answer(const std::string& target, int status) {
        std::lock_guard lock(mutex_);
        statuses_[target] = status;
    }
    std::vector<pushed> requests() const {
        std::lock_guard lock(mutex_);
        return requests_;
    }

private:
    void serve() {
        for (;;) {
            const int fd = ::accept(listen_fd_, nullptr, nullptr);
            if (fd < 0) return;
            if (auto request = read_request(fd)) {
                int status = 201;
                {
                    std::lock_guard lock(mutex_);
                    if (auto it = statuses_.find(request->target); it != statuses_.end()) status = it->second;
                    requests_.push_back(*request);
                }
                const std::string reply = "HTTP/1.1 " + std::to_string(status) +
                                          " Answer\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
                [[maybe_unused]] const auto written = ::write(fd, reply.data(), reply.size());
            }
            ::close(fd);
        }
    }

    static std::optional<pushed> read_request(int fd) {
        std::string in;
        char buffer[4096];
        std::size_t head_end = std::string::npos;
        std::size_t body_length = 0;
        pushed out;
        for (;;) {
            if (head_end == std::string::npos && (head_end = in.find("\r\n\r\n")) != std::string::npos) {
                std::size_t at = in.find("\r\n") + 2;
                while (at < head_end) {
                    const auto line_end = in.find("\r\n", at);
                    const std::string line = in.substr(at, line_end - at);
                    const auto colon = line.find(':');
                    if (colon != std::string::npos) {
                        std::string name = line.substr(0, colon);
                        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                        out.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
                    }
                    at = line_end + 2;
                }
                head_end += 4;
                if (auto it = out.headers.find("content-length"); it != out.headers.end())
                    body_length = std::stoul(it->second);
            }
            if (head_end != std::string::npos && in.size() >= head_end + body_length) break;
            const auto n = ::read(fd, buffer, sizeof buffer);
            if (n <= 0) return std::nullopt;
            in.append(buffer, static_cast<std::size_t>(n));
        }
        const auto first_space = in.find(' ');
        out.target = in.substr(first_space + 1, in.find(' ', first_space + 1) - first_space - 1);
        out.body = in.substr(head_end, body_length);
        return out;
    }

    int listen_fd_ = -1;
    unsigned short port_ = 0;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::map<std::string, int> statuses_;
    std::vector<pushed> requests_;
};

}  // namespace carc::test
