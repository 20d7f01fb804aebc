#include "net/write_scheduler.hpp"

#include <vector>

#include <boost/asio/post.hpp>

namespace carc::server {

void write_scheduler::schedule(std::shared_ptr<batched_writer> writer) {
    std::lock_guard lock(mutex_);
    waiting_.push_back(std::move(writer));
    if (std::exchange(posted_, true)) return;
    boost::asio::post(ioc_, [this] { pass(); });
}

void write_scheduler::pass() {
    std::vector<std::shared_ptr<batched_writer>> turn;
    {
        std::lock_guard lock(mutex_);
        const std::size_t n = std::min(per_pass_, waiting_.size());
        turn.assign(std::make_move_iterator(waiting_.begin()), std::make_move_iterator(waiting_.begin() + n));
        waiting_.erase(waiting_.begin(), waiting_.begin() + n);
        // The rest waits behind whatever was posted meanwhile.
        if (waiting_.empty()) posted_ = false;
        else boost::asio::post(ioc_, [this] { pass(); });
    }
    for (auto& writer : turn) writer->write_held();
}

}  // namespace carc::server
