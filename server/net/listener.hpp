#pragma once
// Accepts TCP connections, each on its own strand, and starts an http_session for each.
// Out of file descriptors (EMFILE/ENFILE), it backs off on a timer instead of spinning, sheds
// one waiting connection per attempt with a reserve descriptor, and logs once per back-off.

#include <chrono>
#include <cstdint>
#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>

namespace carc::server {

class shared_state;

class listener : public std::enable_shared_from_this<listener> {
public:
    // Binds and listens; throws boost::system::system_error when the address is unusable.
    listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, shared_state& state);

    ~listener();

    void run();
    void stop();  // thread-safe
    unsigned short port() const { return port_; }

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
    void back_off(boost::beast::error_code ec);
    void shed_one_waiting();

    boost::asio::io_context& ioc_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer retry_timer_;
    shared_state& state_;
    unsigned short port_ = 0;
    int reserve_fd_ = -1;  // held open so that, out of descriptors, one waiting client can be shed
    std::chrono::milliseconds delay_{0};  // the current back-off; 0 while accepting normally
    std::uint64_t failures_ = 0;          // accepts refused for lack of descriptors this back-off
};

}  // namespace carc::server
