#pragma once
// Several text messages as WebSocket frames (RFC 6455 5.2) in one gather write. A server's
// frames are not masked and this server does not compress, so a frame is a header of 2 to 10
// bytes that depends only on the length, then the message's bytes as they are: the shared
// text is never copied.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <boost/asio/buffer.hpp>

namespace carc::server {

class frame_batch {
public:
    // The header of one final text frame of `size` bytes; returns its length.
    static std::size_t text_header(std::uint64_t size, std::array<unsigned char, 10>& out) {
        out[0] = 0x81;  // FIN, opcode 1 (text)
        if (size < 126) {
            out[1] = static_cast<unsigned char>(size);
            return 2;
        }
        if (size <= 0xffff) {
            out[1] = 126;
            out[2] = static_cast<unsigned char>(size >> 8);
            out[3] = static_cast<unsigned char>(size);
            return 4;
        }
        out[1] = 127;
        for (int i = 0; i < 8; ++i) out[2 + i] = static_cast<unsigned char>(size >> (8 * (7 - i)));
        return 10;
    }

    void clear() {
        bytes_ = 0;
        headers_.clear();
        sizes_.clear();
        messages_.clear();
        buffers_.clear();
    }
    void add(std::shared_ptr<const std::string> message) {
        headers_.emplace_back();
        sizes_.push_back(text_header(message->size(), headers_.back()));
        bytes_ += sizes_.back() + message->size();
        messages_.push_back(std::move(message));
    }
    std::size_t count() const { return messages_.size(); }
    std::size_t bytes() const { return bytes_; }

    // The buffers to write; valid until the next add() or clear(). A view, so that handing it
    // to a write copies no vector.
    std::span<const boost::asio::const_buffer> buffers() {
        buffers_.clear();
        for (std::size_t i = 0; i < messages_.size(); ++i) {
            buffers_.emplace_back(headers_[i].data(), sizes_[i]);
            buffers_.emplace_back(messages_[i]->data(), messages_[i]->size());
        }
        return buffers_;
    }

    // The buffers once the first `written` bytes went out (a write the socket took in part).
    std::span<const boost::asio::const_buffer> after(std::size_t written) {
        buffers();
        std::size_t first = 0;
        while (first < buffers_.size() && written >= buffers_[first].size()) written -= buffers_[first++].size();
        if (first < buffers_.size()) buffers_[first] += written;
        return std::span<const boost::asio::const_buffer>(buffers_).subspan(first);
    }

private:
    std::size_t bytes_ = 0;
    std::vector<std::array<unsigned char, 10>> headers_;
    std::vector<std::size_t> sizes_;
    std::vector<std::shared_ptr<const std::string>> messages_;  // held until written
    std::vector<boost::asio::const_buffer> buffers_;
};

}  // namespace carc::server
