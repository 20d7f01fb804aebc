#include "persistence/journal_writer.hpp"

#include <vector>

namespace carc::server {

namespace {
// Enough to share one fsync among every room of a busy server, small enough that one batch's
// transaction stays short.
constexpr std::size_t max_batch = 2048;
}  // namespace

journal_writer::journal_writer(std::shared_ptr<storage::Store> store)
    : store_(std::move(store)), thread_([this] { run(); }) {}

journal_writer::~journal_writer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void journal_writer::submit(storage::JournalWrite write, done_fn done) {
    bool idle = false;
    {
        std::lock_guard lock(mutex_);
        queue_.push_back({std::move(write), std::move(done)});
        ++submitted_;
        idle = idle_;
    }
    // A busy writer takes the queue when its commit ends; only an idle one needs waking (a
    // wake-up is a system call and a context switch).
    if (idle) wake_.notify_one();
}

void journal_writer::on_commit(std::function<void(std::size_t)> hook) {
    std::lock_guard lock(mutex_);
    on_commit_ = std::move(hook);
}

void journal_writer::flush() {
    std::unique_lock lock(mutex_);
    const std::uint64_t target = submitted_;
    stored_.wait(lock, [&] { return finished_ >= target; });
}

std::uint64_t journal_writer::commits() const {
    std::lock_guard lock(mutex_);
    return commits_;
}

std::uint64_t journal_writer::writes() const {
    std::lock_guard lock(mutex_);
    return finished_;
}

void journal_writer::run() {
    std::vector<job> batch;
    std::vector<storage::JournalWrite> writes;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            idle_ = true;
            wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            idle_ = false;
            if (queue_.empty()) return;  // stopping, and everything is stored
            // Whatever arrived while the previous batch was being synced goes in this one.
            while (!queue_.empty() && batch.size() < max_batch) {
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
        }
        writes.clear();
        for (job& j : batch) writes.push_back(std::move(j.write));
        const std::vector<storage::Status> results = store_->write_batch(writes);
        for (std::size_t i = 0; i < batch.size(); ++i)
            if (batch[i].done) batch[i].done(results[i]);
        std::function<void(std::size_t)> hook;
        {
            std::lock_guard lock(mutex_);
            finished_ += batch.size();
            ++commits_;
            hook = on_commit_;
        }
        if (hook) hook(batch.size());
        stored_.notify_all();
        batch.clear();
    }
}

}  // namespace carc::server
