#pragma once
// An HTTP server for the tests on a loopback port (Boost.Beast, one thread, one request per
// connection): it keeps every request and answers each with the status `answer` gives it, an
// empty body. What a webhook receiver or a push service is, as far as a sender sees it.

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <sys/socket.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

namespace carc::test {

struct received_request {
    std::string method;
    std::string target;
    std::map<std::string, std::string> headers;  // names in lowercase
    std::string body;
};

class loopback_http {
public:
    using answer_fn = std::function<int(const received_request&)>;

    explicit loopback_http(answer_fn answer) : answer_(std::move(answer)) {
        acceptor_.open(boost::asio::ip::tcp::v4());
        acceptor_.bind({boost::asio::ip::address_v4::loopback(), 0});
        acceptor_.listen(16);
        port_ = acceptor_.local_endpoint().port();
        thread_ = std::thread([this] { serve(); });
    }
    ~loopback_http() {
        ::shutdown(acceptor_.native_handle(), SHUT_RDWR);  // wakes the blocking accept
        thread_.join();
    }
    loopback_http(const loopback_http&) = delete;
    loopback_http& operator=(const loopback_http&) = delete;

    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    std::vector<received_request> requests() const {
        std::lock_guard lock(mutex_);
        return requests_;
    }

private:
    void serve() {
        namespace http = boost::beast::http;
        for (;;) {
            boost::system::error_code error;
            boost::asio::ip::tcp::socket socket(io_);
            acceptor_.accept(socket, error);
            if (error) return;
            boost::beast::flat_buffer buffer;
            http::request<http::string_body> request;
            http::read(socket, buffer, request, error);
            if (error) continue;
            received_request got{std::string(request.method_string()), std::string(request.target()), {}, request.body()};
            for (const auto& field : request) {
                std::string name(field.name_string());
                for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                got.headers[name] = std::string(field.value());
            }
            const int status = answer_(got);
            {
                std::lock_guard lock(mutex_);
                requests_.push_back(std::move(got));
            }
            http::response<http::empty_body> reply{static_cast<http::status>(status), 11};
            reply.set(http::field::connection, "close");
            reply.prepare_payload();
            http::write(socket, reply, error);
        }
    }

    answer_fn answer_;
    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_{io_};
    unsigned short port_ = 0;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::vector<received_request> requests_;
};

}  // namespace carc::test
