#pragma once
// One WebSocket connection of the load client. Every connection lives on the client's single
// io_context thread, so nothing here locks. Frames are handed to a callback with the moment they
// were read; replies to requests (matched by id) also resume the coroutine that asked.
//
// Only frames that may be a reply are parsed as JSON unless `parse_all` is set: a spectator
// that merely counts patches costs the client almost nothing, which keeps the client's own CPU
// out of the latencies it measures.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace carc::load {

using nlohmann::json;
using steady = std::chrono::steady_clock;

class ws_conn : public std::enable_shared_from_this<ws_conn> {
public:
    // `parsed` is null when the frame was not parsed (see above).
    using handler = std::function<void(std::string_view text, const json* parsed, steady::time_point at)>;

    ws_conn(boost::asio::io_context& ioc, bool parse_all);

    // TCP connect and WebSocket upgrade to ws://HOST:PORT/ws; throws on failure. Starts reading.
    boost::asio::awaitable<void> connect(const boost::asio::ip::tcp::endpoint& endpoint);
    void on_message(handler h) { handler_ = std::move(h); }

    void send(std::string text);
    void send(const json& message) { send(message.dump()); }
    // Sends `message` with a fresh id and waits for the reply carrying it; throws on timeout
    // or when the connection ends first.
    boost::asio::awaitable<json> request(json message,
                                         std::chrono::milliseconds timeout = std::chrono::seconds(60));
    // hello as `name`; returns the welcome.
    boost::asio::awaitable<json> hello(const std::string& name);

    // Closes the TCP socket without a close frame: the client simply vanishes.
    void vanish();
    bool closed() const { return closed_; }

private:
    struct pending {
        boost::asio::steady_timer wake;
        std::optional<json> reply;
    };

    boost::asio::awaitable<void> read_loop();
    boost::asio::awaitable<void> write_loop();
    void fail_pending();

    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    const bool parse_all_;
    handler handler_;
    std::deque<std::string> outbox_;
    boost::asio::steady_timer outbox_signal_;
    std::map<std::int64_t, pending*> pending_;
    std::int64_t next_id_ = 1;
    bool closed_ = false;
};

}  // namespace carc::load
