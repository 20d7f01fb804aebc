#pragma once
// The outgoing messages of one connection, bounded in count and bytes. Messages are shared,
// immutable strings, so one broadcast buffer serves every viewer with the same view. A client
// that stops reading fills its queue; push() then fails and the session drops the client rather
// than buffering for it without end.

#include <cstddef>
#include <deque>
#include <memory>
#include <string>

namespace carc::server {

class send_queue {
public:
    using message = std::shared_ptr<const std::string>;

    send_queue(std::size_t max_messages, std::size_t max_bytes)
        : max_messages_(max_messages), max_bytes_(max_bytes) {}

    // False (and nothing queued) when the message would exceed a limit.
    bool push(message m) {
        if (queue_.size() >= max_messages_ || bytes_ + m->size() > max_bytes_) return false;
        bytes_ += m->size();
        queue_.push_back(std::move(m));
        return true;
    }

    bool empty() const { return queue_.empty(); }
    std::size_t size() const { return queue_.size(); }
    std::size_t bytes() const { return bytes_; }
    const message& front() const { return queue_.front(); }
    const message& at(std::size_t i) const { return queue_[i]; }

    // Forgets the first `n` messages (written).
    void pop(std::size_t n = 1) {
        for (; n > 0 && !queue_.empty(); --n) {
            bytes_ -= queue_.front()->size();
            queue_.pop_front();
        }
    }

private:
    std::size_t max_messages_;
    std::size_t max_bytes_;
    std::size_t bytes_ = 0;
    std::deque<message> queue_;
};

}  // namespace carc::server
