#include "net/listener.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>

#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "base/client_address.hpp"
#include "net/http_session.hpp"

namespace carc::server {

namespace net = boost::asio;
using net::ip::tcp;

namespace {

constexpr auto first_delay = std::chrono::milliseconds(50);
constexpr auto max_delay = std::chrono::milliseconds(1000);

bool out_of_descriptors(const boost::beast::error_code& ec) {
    return ec == net::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system;
}

int open_reserve() { return ::open("/dev/null", O_RDONLY | O_CLOEXEC); }

}  // namespace

listener::listener(net::io_context& ioc, tcp::endpoint endpoint, shared_state& state)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), retry_timer_(acceptor_.get_executor()), state_(state) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
    reserve_fd_ = open_reserve();
}

listener::~listener() {
    if (reserve_fd_ >= 0) ::close(reserve_fd_);
}

void listener::run() { do_accept(); }

void listener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->retry_timer_.cancel();
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
    if (out_of_descriptors(ec)) {
        back_off(ec);
        return;
    }
    if (ec) {
        spdlog::warn("event=accept_failed error=\"{}\"", ec.message());
    } else {
        if (delay_.count() > 0) {
            spdlog::warn("event=accept_resumed refused={}", failures_);
            delay_ = std::chrono::milliseconds(0);
            failures_ = 0;
        }
        if (reserve_fd_ < 0) reserve_fd_ = open_reserve();
        // Game traffic is many small frames that each matter now: no Nagle batching (with the
        // peer's delayed ACKs it would hold a reply back for tens of milliseconds).
        boost::beast::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        const auto remote = socket.remote_endpoint(ignored);
        std::string peer = ignored ? std::string("?") : remote.address().to_string();
        // The trusted proxy's connections carry many clients: each counts on its own here,
        // and as its client once the request names it (http_session).
        if (is_trusted_proxy(peer, state_.config.trusted_proxy)) peer += ":" + std::to_string(remote.port());
        auto slot = state_.http_limiter->acquire(peer);
        std::make_shared<http_session>(std::move(socket), state_, std::move(slot))->run();
    }
    do_accept();
}

// The accept would fail again at once (the waiting connection stays ready), so retrying
// straight away spins a core and floods the log. Wait, longer each time, until descriptors
// come back; meanwhile tell one waiting client "no" so the queue moves.
void listener::back_off(boost::beast::error_code ec) {
    ++failures_;
    if (delay_.count() == 0) {
        delay_ = first_delay;
        spdlog::warn("event=accept_paused error=\"{}\" retry_ms={}", ec.message(), delay_.count());
    } else {
        delay_ = std::min(delay_ * 2, max_delay);
    }
    shed_one_waiting();
    retry_timer_.expires_after(delay_);
    retry_timer_.async_wait([self = shared_from_this()](boost::beast::error_code timer_ec) {
        if (!timer_ec && self->acceptor_.is_open()) self->do_accept();
    });
}

void listener::shed_one_waiting() {
    if (reserve_fd_ < 0) return;
    pollfd waiting{acceptor_.native_handle(), POLLIN, 0};
    if (::poll(&waiting, 1, 0) != 1) return;  // nobody waiting: never block the I/O thread
    ::close(reserve_fd_);
    reserve_fd_ = -1;
    const int fd = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd >= 0) ::close(fd);
    reserve_fd_ = open_reserve();
}

}  // namespace carc::server
