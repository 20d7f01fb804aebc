#pragma once
// A real WebSocket client for loopback tests: its own io_context on a background thread reads
// every frame into a queue; the test thread sends and waits with timeouts. Every frame received
// is also kept, so tests can scan all of them.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace carc::test {

using nlohmann::json;
using namespace std::chrono_literals;

class ws_client {
public:
    // Connects to 127.0.0.1:port/ws; throws when the upgrade is refused.
    explicit ws_client(unsigned short port, std::map<std::string, std::string> headers = {});
    ~ws_client();
    ws_client(const ws_client&) = delete;
    ws_client& operator=(const ws_client&) = delete;

    void send(const json& message) { send_raw(message.dump()); }
    void send_raw(std::string text);
    // Writes only the header of a masked text frame announcing `payload_bytes`, past Beast, on
    // the TCP socket: the server can refuse the frame from its header while the client has
    // nothing more in flight (a client still pushing megabytes when the server closes gets a
    // TCP reset, which can destroy the close frame before it is read).
    void send_frame_header(std::uint64_t payload_bytes);

    // The next message, or nullopt after `timeout` (or when closed and drained).
    std::optional<json> next(std::chrono::milliseconds timeout = 5s);
    // Skips messages until one satisfies `match`; the skipped ones go to `skipped` if given.
    std::optional<json> wait_for(const std::function<bool(const json&)>& match,
                                 std::chrono::milliseconds timeout = 5s,
                                 std::vector<json>* skipped = nullptr);
    std::optional<json> wait_type(const std::string& type, std::chrono::milliseconds timeout = 5s);
    // Sends `message` with a fresh id and waits for the reply carrying it.
    json request(json message, std::chrono::milliseconds timeout = 5s, std::vector<json>* skipped = nullptr);

    bool wait_closed(std::chrono::milliseconds timeout = 5s);
    int close_code() const;
    std::vector<std::string> frames() const;
    void close();

    // hello as `name` (optionally resuming with `token`); returns the welcome or error reply.
    json hello(const std::string& name, const std::optional<std::string>& token = std::nullopt);

private:
    void do_read();
    void do_write();

    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> outgoing_;
    std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
    std::thread thread_;

    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    std::deque<std::string> inbox_;
    std::vector<std::string> frames_;
    bool closed_ = false;
    int close_code_ = 0;
    int next_id_ = 1;
};

}  // namespace carc::test
