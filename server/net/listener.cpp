#include "net/listener.hpp"

#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>

#include "net/http_session.hpp"

namespace carc::server {

namespace net = boost::asio;
using net::ip::tcp;

listener::listener(net::io_context& ioc, tcp::endpoint endpoint, shared_state& state)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), state_(state) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
}

void listener::run() { do_accept(); }

void listener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
    });
}

void listener::do_accept() {
    // Each connection gets its own strand: its handlers never run concurrently.
    acceptor_.async_accept(net::make_strand(ioc_),
                           [self = shared_from_this()](boost::beast::error_code ec, tcp::socket socket) {
                               self->on_accept(ec, std::move(socket));
                           });
}

void listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec) {
        spdlog::warn("event=accept_failed error=\"{}\"", ec.message());
    } else {
        // Game traffic is many small frames that each matter now: no Nagle batching (with the
        // peer's delayed ACKs it would hold a reply back for tens of milliseconds).
        boost::beast::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        std::make_shared<http_session>(std::move(socket), state_)->run();
    }
    do_accept();
}

}  // namespace carc::server
