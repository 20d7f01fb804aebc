#include "connection.hpp"

#include <algorithm>
#include <chrono>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace carc::term {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using net::awaitable;
using net::use_awaitable;
using Socket = websocket::stream<beast::tcp_stream>;

struct Connection::Impl {
    explicit Impl(ServerUrl u) : route(std::move(u)) {}

    ServerRoute route;
    bool moving = false;  // a redirect closed the session: reconnect without waiting
    std::atomic<bool> stopping{false};
    // Owned by the io thread. Shared with a write in flight, which may outlive the session.
    std::shared_ptr<Socket> socket;
    std::deque<std::string> outgoing;
    bool writing = false;
    bool connected = false;  // the last session got as far as the handshake
    // Shared with the UI thread:
    std::mutex mutex;
    std::vector<LinkEvent> inbox;
    // Last, so it is destroyed first: destroying it ends the suspended coroutines, whose
    // clean-up touches the members above.
    net::io_context ioc;

    void push(LinkEvent event) {
        std::lock_guard lock(mutex);
        inbox.push_back(std::move(event));
    }

    awaitable<void> write_all() {
        writing = true;
        const std::shared_ptr<Socket> ws = socket;
        try {
            while (ws && ws == socket && !outgoing.empty()) {
                const std::string text = std::move(outgoing.front());
                outgoing.pop_front();
                co_await ws->async_write(net::buffer(text), use_awaitable);
            }
        } catch (const std::exception&) {
            // The reader sees the failure too and reconnects.
        }
        writing = false;
        // Messages queued for a newer connection while this write on an old one was in flight.
        if (socket && socket != ws && !outgoing.empty()) net::co_spawn(ioc, write_all(), net::detached);
    }

    awaitable<void> session() {
        const ServerUrl url = route.current();
        net::ip::tcp::resolver resolver(ioc);
        const auto endpoints = co_await resolver.async_resolve(url.host, url.port, use_awaitable);
        const auto ws = std::make_shared<Socket>(ioc);
        beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(10));
        co_await beast::get_lowest_layer(*ws).async_connect(endpoints, use_awaitable);
        beast::get_lowest_layer(*ws).expires_never();
        ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
        ws->read_message_max(16 * 1024 * 1024);
        co_await ws->async_handshake(url.host + ":" + url.port, url.path, use_awaitable);
        socket = ws;
        connected = true;
        outgoing.clear();
        push({LinkEvent::Kind::connected, {}});
        struct Forget {
            Impl* self;
            ~Forget() { self->socket.reset(); self->outgoing.clear(); }
        } forget{this};
        beast::flat_buffer buffer;
        for (;;) {
            co_await ws->async_read(buffer, use_awaitable);
            push({LinkEvent::Kind::message, beast::buffers_to_string(buffer.data())});
            buffer.consume(buffer.size());
        }
    }

    awaitable<void> run() {
        auto delay = std::chrono::milliseconds(300);
        while (!stopping) {
            std::string reason = "closed";
            connected = false;
            try {
                co_await session();
            } catch (const std::exception& e) {
                reason = e.what();
            }
            if (stopping) break;
            if (connected) delay = std::chrono::milliseconds(300);
            route.session_ended(connected);
            push({LinkEvent::Kind::disconnected, reason});
            if (moving) {
                moving = false;
                continue;
            }
            net::steady_timer timer(ioc, delay);
            co_await timer.async_wait(use_awaitable);
            delay = std::min(delay * 2, std::chrono::milliseconds(5000));
        }
    }
};

Connection::Connection(ServerUrl url) : impl_(std::make_unique<Impl>(std::move(url))) {}

Connection::~Connection() { stop(); }

void Connection::start() {
    if (thread_.joinable()) return;
    net::co_spawn(impl_->ioc, impl_->run(), net::detached);
    thread_ = std::thread([this] { impl_->ioc.run(); });
}

void Connection::stop() {
    if (!thread_.joinable()) return;
    impl_->stopping = true;
    impl_->ioc.stop();
    thread_.join();
}

void Connection::send(std::string text) {
    net::post(impl_->ioc, [impl = impl_.get(), text = std::move(text)]() mutable {
        if (!impl->socket) return;  // offline: the model says hello again on connect
        impl->outgoing.push_back(std::move(text));
        if (!impl->writing) net::co_spawn(impl->ioc, impl->write_all(), net::detached);
    });
}

void Connection::drop() {
    net::post(impl_->ioc, [impl = impl_.get()] {
        if (!impl->socket) return;
        beast::error_code ignored;
        beast::get_lowest_layer(*impl->socket).socket().close(ignored);
    });
}

void Connection::move_to(std::string ws_url) {
    net::post(impl_->ioc, [impl = impl_.get(), ws_url = std::move(ws_url)] {
        if (!impl->route.follow(ws_url) || !impl->socket) return;
        impl->moving = true;
        beast::error_code ignored;
        beast::get_lowest_layer(*impl->socket).socket().close(ignored);
    });
}

std::vector<LinkEvent> Connection::drain() {
    std::lock_guard lock(impl_->mutex);
    std::vector<LinkEvent> out;
    out.swap(impl_->inbox);
    return out;
}

}  // namespace carc::term
