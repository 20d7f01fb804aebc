#pragma once
// Accepts TCP connections, each on its own strand, and starts an http_session for each.

#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/error.hpp>

namespace carc::server {

class shared_state;

class listener : public std::enable_shared_from_this<listener> {
public:
    // Binds and listens; throws boost::system::system_error when the address is unusable.
    listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, shared_state& state);

    void run();
    void stop();  // thread-safe
    unsigned short port() const { return port_; }

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

    boost::asio::io_context& ioc_;
    boost::asio::ip::tcp::acceptor acceptor_;
    shared_state& state_;
    unsigned short port_ = 0;
};

}  // namespace carc::server
