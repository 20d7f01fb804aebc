#pragma once
// One HTTP connection: reads requests (keep-alive), answers them, or hands the socket to a
// websocket_session when the request is an accepted upgrade to /ws.

#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "net/connection_limiter.hpp"

namespace carc::server {

class shared_state;

class http_session : public std::enable_shared_from_this<http_session> {
public:
    // `slot` is the connection's place under the per-address cap; null when the address is
    // over it: the request is then read (briefly) and answered 429.
    http_session(boost::asio::ip::tcp::socket&& socket, shared_state& state,
                 std::unique_ptr<connection_limiter::slot> slot);
    void run();

private:
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
    void send(boost::beast::http::message_generator&& message);
    // A request the parser refused (too long a URL or header, too big a body): answered, then
    // the connection ends, since the rest of the stream cannot be parsed.
    void refuse(boost::beast::http::status status, std::string body);
    void drain();
    // True when the upgrade was taken over by a websocket_session or refused with a response.
    bool try_upgrade(boost::beast::http::request<boost::beast::http::string_body>& request);
    // The Origin is this server's own (its Host) or one of --allow-origin.
    bool same_site_origin(const boost::beast::http::request<boost::beast::http::string_body>& request) const;

    boost::beast::tcp_stream stream_;
    boost::beast::flat_buffer buffer_;
    shared_state& state_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
    std::string address_;
    std::unique_ptr<connection_limiter::slot> slot_;
};

}  // namespace carc::server
