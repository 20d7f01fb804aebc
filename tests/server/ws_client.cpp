#include "ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

namespace carc::test {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;

ws_client::ws_client(unsigned short port, std::map<std::string, std::string> headers) : ws_(ioc_) {
    net::ip::tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(ws_).connect(endpoint);
    beast::get_lowest_layer(ws_).socket().set_option(net::ip::tcp::no_delay(true));
    ws_.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
        for (const auto& [name, value] : headers) req.set(name, value);
    }));
    ws_.read_message_max(64 * 1024 * 1024);
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
    work_.emplace(net::make_work_guard(ioc_));
    do_read();
    thread_ = std::thread([this] { ioc_.run(); });
}

ws_client::~ws_client() {
    close();
    work_.reset();
    ioc_.stop();
    if (thread_.joinable()) thread_.join();
}

void ws_client::close() {
    net::post(ioc_, [this] {
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
    });
}

void ws_client::do_read() {
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
        std::lock_guard lock(mutex_);
        if (ec) {
            closed_ = true;
            close_code_ = ws_.reason().code;
            arrived_.notify_all();
            return;
        }
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        frames_.push_back(text);
        inbox_.push_back(std::move(text));
        arrived_.notify_all();
        do_read();
    });
}

void ws_client::send_raw(std::string text) {
    net::post(ioc_, [this, text = std::move(text)]() mutable {
        outgoing_.push_back(std::move(text));
        if (outgoing_.size() == 1) do_write();
    });
}

void ws_client::send_frame_header(std::uint64_t payload_bytes) {
    net::post(ioc_, [this, payload_bytes] {
        std::string header = {'\x81', '\xff'};  // FIN + text; masked, 64-bit length follows
        for (int shift = 56; shift >= 0; shift -= 8) header.push_back(static_cast<char>((payload_bytes >> shift) & 0xff));
        header.append(4, '\x00');  // the masking key (zero: any key is valid)
        beast::error_code ignored;
        net::write(beast::get_lowest_layer(ws_).socket(), net::buffer(header), ignored);
    });
}

void ws_client::do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(outgoing_.front()), [this](beast::error_code ec, std::size_t) {
        if (ec) {
            outgoing_.clear();
            return;
        }
        outgoing_.pop_front();
        if (!outgoing_.empty()) do_write();
    });
}

std::optional<json> ws_client::next(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    arrived_.wait_for(lock, timeout, [this] { return !inbox_.empty() || closed_; });
    if (inbox_.empty()) return std::nullopt;
    std::string text = std::move(inbox_.front());
    inbox_.pop_front();
    return json::parse(text);
}

std::optional<json> ws_client::wait_for(const std::function<bool(const json&)>& match,
                                        std::chrono::milliseconds timeout, std::vector<json>* skipped) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return std::nullopt;
        auto message = next(left);
        if (!message) return std::nullopt;
        if (match(*message)) return message;
        if (skipped) skipped->push_back(std::move(*message));
    }
}

std::optional<json> ws_client::wait_type(const std::string& type, std::chrono::milliseconds timeout) {
    return wait_for([&](const json& m) { return m.value("type", "") == type; }, timeout);
}

json ws_client::request(json message, std::chrono::milliseconds timeout, std::vector<json>* skipped) {
    const int id = next_id_++;
    message["id"] = id;
    send(message);
    auto reply = wait_for([&](const json& m) { return m.contains("id") && m["id"] == id; }, timeout, skipped);
    return reply ? *reply : json{{"type", "timeout"}};
}

bool ws_client::wait_closed(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, timeout, [this] { return closed_; });
}

int ws_client::close_code() const {
    std::lock_guard lock(mutex_);
    return close_code_;
}

std::vector<std::string> ws_client::frames() const {
    std::lock_guard lock(mutex_);
    return frames_;
}

json ws_client::hello(const std::string& name, const std::optional<std::string>& token) {
    json message = {{"type", "hello"}, {"protocol", 1}, {"name", name}};
    if (token) message["token"] = *token;
    return request(message);
}

}  // namespace carc::test
