#pragma once
// Group commit. One thread owns every write to the store: rooms hand it writes with a
// completion and go on; it takes everything queued since its last commit as one batch, stores
// the batch with Store::write_batch (one transaction, one fsync for all rooms) and then calls
// each completion with that write's own outcome. So no room strand and no I/O thread ever waits
// on the disk, and a busy server pays one fsync for many actions.
//
// When the store's commits never wait on the disk (SQLite with synchronous=NORMAL:
// Store::enable_inline_commits) and the writer is idle, a write is committed on the submitting
// thread instead: two thread hand-offs cost more than such a commit. The writer thread then
// runs the store's housekeeping (WAL checkpoints, which fsync) and takes the writes that arrive
// while it or another inline commit is busy, so a busy server still shares one commit.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "carc/storage/store.hpp"

namespace carc::server {

class journal_writer {
public:
    // Called on the writer thread once the write is durable or refused; keep it short (post).
    using done_fn = std::function<void(const storage::Status&)>;

    explicit journal_writer(std::shared_ptr<storage::Store> store);
    // Stores what is queued, then stops the thread.
    ~journal_writer();
    journal_writer(const journal_writer&) = delete;
    journal_writer& operator=(const journal_writer&) = delete;

    // `done` runs on the writer thread, or on this thread before submit returns (inline commit).
    void submit(storage::JournalWrite write, done_fn done = {});
    // Called after each commit with the number of writes it stored and whether it ran on the
    // submitting thread (otherwise on the writer thread).
    void on_commit(std::function<void(std::size_t writes, bool was_inline)> hook);
    // Returns once everything submitted before the call is stored (or refused).
    void flush();

    std::uint64_t commits() const;
    std::uint64_t writes() const;
    // Commits made on the submitting thread (a subset of commits()).
    std::uint64_t inline_commits() const;

private:
    struct job {
        storage::JournalWrite write;
        done_fn done;
    };
    void run();
    void commit_inline(storage::JournalWrite write, done_fn done);
    // Counts a finished commit of `writes` writes and wakes whoever waits for it.
    void finished(std::size_t writes, bool was_inline);

    std::shared_ptr<storage::Store> store_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable stored_;
    std::deque<job> queue_;
    std::uint64_t submitted_ = 0;  // jobs ever queued
    std::uint64_t finished_ = 0;   // jobs ever completed
    std::uint64_t commits_ = 0;
    std::function<void(std::size_t, bool)> on_commit_;
    std::uint64_t inline_commits_ = 0;
    const bool inline_allowed_;    // the store's commits never wait on the disk
    bool inline_running_ = false;  // a submitter is committing; the writer waits for it
    bool maintenance_due_ = false; // the writer runs Store::maintain() before its next batch
    bool stopping_ = false;
    bool idle_ = false;  // the thread waits for work (submit wakes it only then)
    std::thread thread_;  // last: starts once everything above exists
};

}  // namespace carc::server
