#pragma once
// A connection's read buffer that holds almost nothing while the connection waits. Beast's
// websocket read prepares room for a whole frame (about 1.5 KB) before the frame comes, so
// every idle connection (a spectator between moves) would hold that much. Until a message
// starts, this buffer offers only a few bytes; once they hold data it grows as Beast asks.
#include <algorithm>
#include <cstddef>

#include <boost/beast/core/flat_buffer.hpp>

namespace carc::server {

class lazy_read_buffer {
public:
    using const_buffers_type = boost::beast::flat_buffer::const_buffers_type;
    using mutable_buffers_type = boost::beast::flat_buffer::mutable_buffers_type;

    // Room offered to a read that starts while the buffer is empty.
    static constexpr std::size_t idle_room = 16;

    std::size_t size() const { return buffer_.size(); }
    std::size_t max_size() const { return buffer_.max_size(); }
    std::size_t capacity() const { return buffer_.capacity(); }
    const_buffers_type data() const { return buffer_.data(); }
    const_buffers_type cdata() const { return buffer_.cdata(); }
    mutable_buffers_type prepare(std::size_t n) {
        return buffer_.prepare(buffer_.size() == 0 ? std::min(n, idle_room) : n);
    }
    void commit(std::size_t n) { buffer_.commit(n); }
    void consume(std::size_t n) { buffer_.consume(n); }
    void shrink_to_fit() { buffer_.shrink_to_fit(); }

private:
    boost::beast::flat_buffer buffer_;
};

}  // namespace carc::server
