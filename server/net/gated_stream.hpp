#pragma once
// The TCP stream under a connection's WebSocket: reads pass through; every write goes out
// whole and one at a time. The session writes its own data frames here (several messages in
// one system call, websocket_frames.hpp) while Beast writes its control frames (pings, pongs,
// close) and the handshake through the same gate, so no frame is ever cut by another.
// Used from the connection's strand only.

#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>

namespace carc::server {

class gated_stream {
public:
    using next_layer_type = boost::beast::tcp_stream;
    using executor_type = next_layer_type::executor_type;
    using write_handler = boost::asio::any_completion_handler<void(boost::beast::error_code, std::size_t)>;

    explicit gated_stream(boost::asio::ip::tcp::socket&& socket) : next_(std::move(socket)) {}

    executor_type get_executor() noexcept { return next_.get_executor(); }
    next_layer_type& next_layer() noexcept { return next_; }
    const next_layer_type& next_layer() const noexcept { return next_; }

    template <class MutableBuffers, class Handler>
    auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
        return next_.async_read_some(buffers, std::forward<Handler>(handler));
    }

    // Writes all of `buffers` (so Beast's frame is never split around another write), after the
    // writes already waiting.
    template <class ConstBuffers, class Handler>
    auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
        return boost::asio::async_initiate<Handler, void(boost::beast::error_code, std::size_t)>(
            [this](auto h, const ConstBuffers& b) { write_whole(b, write_handler(std::move(h))); }, handler,
            buffers);
    }

    // Writes what the socket takes at once, without waiting, unless another write holds the
    // gate (nullopt: nothing tried). Usually that is everything; a full socket takes part or
    // nothing (`ec` would_block), and the caller hands the rest to async_write_some. No
    // operation, handler or completion: a spectator's patch is one system call and no more.
    template <class ConstBuffers>
    std::optional<std::size_t> write_now(const ConstBuffers& buffers, boost::beast::error_code& ec) {
        if (busy_) return std::nullopt;
        auto& socket = next_.socket();
        if (!socket.non_blocking()) {
            socket.non_blocking(true, ec);
            if (ec) return std::size_t{0};
        }
        ++writes_;
        const std::size_t n = socket.write_some(buffers, ec);
        if (ec == boost::asio::error::would_block) ec = {};
        return n;
    }

    // Writes made so far (each one system call or more): what batching saves is visible here.
    std::size_t writes() const { return writes_; }

private:
    struct waiting_write {
        virtual ~waiting_write() = default;
        virtual void start(gated_stream& s) = 0;
    };
    template <class ConstBuffers>
    struct waiting : waiting_write {
        waiting(const ConstBuffers& b, write_handler h) : buffers(b), handler(std::move(h)) {}
        void start(gated_stream& s) override { s.start(buffers, std::move(handler)); }
        ConstBuffers buffers;
        write_handler handler;
    };

    template <class ConstBuffers>
    void write_whole(const ConstBuffers& buffers, write_handler handler) {
        if (busy_) {
            waiting_.push_back(std::make_unique<waiting<ConstBuffers>>(buffers, std::move(handler)));
            return;
        }
        start(buffers, std::move(handler));
    }

    template <class ConstBuffers>
    void start(const ConstBuffers& buffers, write_handler handler) {
        busy_ = true;
        ++writes_;
        // The socket itself: tcp_stream's own timeouts are not used on a WebSocket (Beast has its own).
        boost::asio::async_write(next_.socket(), buffers,
                                 [this, handler = std::move(handler)](boost::beast::error_code ec, std::size_t n) mutable {
                                     busy_ = false;
                                     if (!waiting_.empty()) {
                                         auto next = std::move(waiting_.front());
                                         waiting_.erase(waiting_.begin());
                                         next->start(*this);
                                     }
                                     std::move(handler)(ec, n);
                                 });
    }

    next_layer_type next_;
    bool busy_ = false;
    std::size_t writes_ = 0;
    // Rarely more than one (a Beast control frame behind our write); a vector costs an idle
    // connection nothing, a deque a block.
    std::vector<std::unique_ptr<waiting_write>> waiting_;
};

// Closing the WebSocket closes the TCP stream under the gate.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, gated_stream& stream, TeardownHandler&& handler) {
    using boost::beast::async_teardown;
    async_teardown(role, stream.next_layer(), std::forward<TeardownHandler>(handler));
}

inline void teardown(boost::beast::role_type role, gated_stream& stream, boost::beast::error_code& ec) {
    using boost::beast::teardown;
    teardown(role, stream.next_layer(), ec);
}

}  // namespace carc::server
