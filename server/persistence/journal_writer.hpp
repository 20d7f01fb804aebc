#pragma once
// Group commit. One thread owns every write to the store: rooms hand it writes with a
// completion and go on; it takes everything queued since its last commit as one batch, stores
// the batch with Store::write_batch (one transaction, one fsync for all rooms) and then calls
// each completion with that write's own outcome. So no room strand and no I/O thread ever waits
// on the disk, and a busy server pays one fsync for many actions.

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

    void submit(storage::JournalWrite write, done_fn done = {});
    // Called on the writer thread after each commit with the number of writes it stored.
    void on_commit(std::function<void(std::size_t writes)> hook);
    // Returns once everything submitted before the call is stored (or refused).
    void flush();

    std::uint64_t commits() const;
    std::uint64_t writes() const;

private:
    struct job {
        storage::JournalWrite write;
        done_fn done;
    };
    void run();

    std::shared_ptr<storage::Store> store_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable stored_;
    std::deque<job> queue_;
    std::uint64_t submitted_ = 0;  // jobs ever queued
    std::uint64_t finished_ = 0;   // jobs ever completed
    std::uint64_t commits_ = 0;
    std::function<void(std::size_t)> on_commit_;
    bool stopping_ = false;
    bool idle_ = false;  // the thread waits for work (submit wakes it only then)
    std::thread thread_;  // last: starts once everything above exists
};

}  // namespace carc::server
