#pragma once
// Writes that may wait a little: a room's patches to its spectators. A connection with such a
// message asks for a turn here; the turns are served a few connections at a time, each pass a
// handler of its own, so other work (the next change of the room, a player's move) runs between
// passes. A spectator whose turn comes after the next change then gets both patches in one
// write: a crowd costs about one system call per spectator per pass, not one per patch.

#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>

#include <boost/asio/io_context.hpp>

namespace carc::server {

class batched_writer {
public:
    virtual ~batched_writer() = default;
    // Its turn: writes what it holds (on its own strand).
    virtual void write_held() = 0;
};

class write_scheduler {
public:
    explicit write_scheduler(boost::asio::io_context& ioc, std::size_t per_pass = 64)
        : ioc_(ioc), per_pass_(per_pass) {}

    // Thread-safe; `writer` asks once until its turn has come.
    void schedule(std::shared_ptr<batched_writer> writer);

private:
    void pass();

    boost::asio::io_context& ioc_;
    const std::size_t per_pass_;
    std::mutex mutex_;
    std::deque<std::shared_ptr<batched_writer>> waiting_;
    bool posted_ = false;
};

}  // namespace carc::server
