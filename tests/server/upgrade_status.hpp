#pragma once
// What the server answers a WebSocket upgrade it declines (403 for a foreign Origin, 429 over
// the connection cap, ...): tests assert that status instead of any failure to connect.

#include <map>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace carc::test {

// Opens a WebSocket to 127.0.0.1:port/ws and returns the HTTP status of the server's answer:
// the refusal's status when it declines the upgrade, 101 when it accepts it (then closes).
inline int upgrade_status(unsigned short port, const std::map<std::string, std::string>& headers = {}) {
    namespace beast = boost::beast;
    namespace websocket = beast::websocket;
    boost::asio::io_context ioc;
    websocket::stream<beast::tcp_stream> ws(ioc);
    beast::get_lowest_layer(ws).connect(
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
        for (const auto& [name, value] : headers) req.set(name, value);
    }));
    websocket::response_type response;
    beast::error_code ec;
    ws.handshake(response, "127.0.0.1:" + std::to_string(port), "/ws", ec);
    beast::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
    return response.result_int();
}

}  // namespace carc::test
