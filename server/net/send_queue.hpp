#pragma once
// The outgoing messages of one connection, bounded in count and bytes. Messages are shared,
// immutable strings, so one broadcast buffer serves every viewer with the same view. A client
// that stops reading fills its queue; push() then fails and the session drops the client rather
// than buffering for it without end. Held in a vector from a moving front, not a deque, which
// allocates a block for every connection however idle (about 600 bytes).

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace carc::server {

class send_queue {
public:
    using message = std::shared_ptr<const std::string>;

    send_queue(std::size_t max_messages, std::size_t max_bytes)
        : max_messages_(max_messages), max_bytes_(max_bytes) {}

    // False (and nothing queued) when the message would exceed a limit.
    bool push(message m) {
        if (size() >= max_messages_ || bytes_ + m->size() > max_bytes_) return false;
        bytes_ += m->size();
        queue_.push_back(std::move(m));
        return true;
    }

    bool empty() const { return size() == 0; }
    std::size_t size() const { return queue_.size() - head_; }
    std::size_t bytes() const { return bytes_; }
    const message& front() const { return queue_[head_]; }
    const message& at(std::size_t i) const { return queue_[head_ + i]; }

    // Forgets the first `n` messages (written).
    void pop(std::size_t n = 1) {
        for (; n > 0 && !empty(); --n) {
            bytes_ -= queue_[head_]->size();
            queue_[head_++].reset();
        }
        if (empty()) {
            queue_.clear();
            head_ = 0;
            // A burst's room goes back once it is written.
            if (queue_.capacity() > kept_capacity) queue_.shrink_to_fit();
        } else if (head_ >= queue_.size() / 2) {
            // A reader that is always behind: the written front goes, so the vector stays bounded.
            queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(head_));
            head_ = 0;
        }
    }

private:
    std::size_t max_messages_;
    std::size_t max_bytes_;
    static constexpr std::size_t kept_capacity = 16;
    std::size_t bytes_ = 0;
    std::size_t head_ = 0;  // the first message not yet written
    std::vector<message> queue_;
};

}  // namespace carc::server
