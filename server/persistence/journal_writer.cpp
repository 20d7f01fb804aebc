#include "persistence/journal_writer.hpp"

#include <vector>

#include <spdlog/spdlog.h>

namespace carc::server {

namespace {
// Enough to share one fsync among every room of a busy server, small enough that one batch's
// transaction stays short.
constexpr std::size_t max_batch = 2048;
}  // namespace

journal_writer::journal_writer(std::shared_ptr<storage::Store> store)
    : store_(std::move(store)), inline_allowed_(store_->enable_inline_commits()), thread_([this] { run(); }) {
    // Until the thread waits for work every write queues; wait for that, so the first write of
    // an idle server may already go inline.
    std::unique_lock lock(mutex_);
    stored_.wait(lock, [&] { return idle_; });
}

journal_writer::~journal_writer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void journal_writer::submit(storage::JournalWrite write, done_fn done) {
    bool commit_here = false;
    bool wake = false;
    {
        std::lock_guard lock(mutex_);
        ++submitted_;
        // Inline only when nothing is queued or being written, so writes keep their order.
        if (inline_allowed_ && idle_ && queue_.empty() && !inline_running_ && !maintenance_due_) {
            inline_running_ = true;
            commit_here = true;
        } else {
            queue_.push_back({std::move(write), std::move(done)});
            // A busy writer takes the queue when its commit ends, and an inline commit wakes it
            // when it ends; only an idle one needs waking now (a system call, a context switch).
            wake = idle_ && !inline_running_;
        }
    }
    if (commit_here) commit_inline(std::move(write), std::move(done));
    if (wake) wake_.notify_one();
}

void journal_writer::commit_inline(storage::JournalWrite write, done_fn done) {
    std::vector<storage::JournalWrite> writes;
    writes.push_back(std::move(write));
    const std::vector<storage::Status> results = store_->write_batch(writes);
    if (done) done(results[0]);
    finished(1, true);
}

void journal_writer::finished(std::size_t writes, bool was_inline) {
    std::function<void(std::size_t, bool)> hook;
    bool wake = false;
    {
        std::lock_guard lock(mutex_);
        finished_ += writes;
        ++commits_;
        if (was_inline) {
            ++inline_commits_;
            inline_running_ = false;
        }
        if (store_->maintenance_due()) maintenance_due_ = true;
        hook = on_commit_;
        // The writer waits while an inline commit runs; wake it for what queued meanwhile.
        wake = was_inline && idle_ && (!queue_.empty() || maintenance_due_ || stopping_);
    }
    if (hook) hook(writes, was_inline);
    stored_.notify_all();
    if (wake) wake_.notify_one();
}

void journal_writer::on_commit(std::function<void(std::size_t, bool)> hook) {
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

std::uint64_t journal_writer::inline_commits() const {
    std::lock_guard lock(mutex_);
    return inline_commits_;
}

void journal_writer::run() {
    std::vector<job> batch;
    std::vector<storage::JournalWrite> writes;
    for (;;) {
        bool maintain = false;
        {
            std::unique_lock lock(mutex_);
            idle_ = true;
            stored_.notify_all();  // the constructor waits for the first time (no system call otherwise)
            wake_.wait(lock, [&] {
                return !inline_running_ && (stopping_ || !queue_.empty() || maintenance_due_);
            });
            idle_ = false;
            if (maintenance_due_) {
                maintenance_due_ = false;
                maintain = true;
            } else {
                if (queue_.empty()) return;  // stopping, and everything is stored
                // Whatever arrived while the previous batch was being synced goes in this one.
                while (!queue_.empty() && batch.size() < max_batch) {
                    batch.push_back(std::move(queue_.front()));
                    queue_.pop_front();
                }
            }
        }
        if (maintain) {
            // Writes submitted meanwhile queue up (idle_ is false) and go in the next batch.
            if (auto done = store_->maintain(); !done)
                spdlog::warn("event=store_maintenance_failed error=\"{}\"", done.message());
            continue;
        }
        writes.clear();
        for (job& j : batch) writes.push_back(std::move(j.write));
        const std::vector<storage::Status> results = store_->write_batch(writes);
        for (std::size_t i = 0; i < batch.size(); ++i)
            if (batch[i].done) batch[i].done(results[i]);
        finished(batch.size(), false);
        batch.clear();
    }
}

}  // namespace carc::server
