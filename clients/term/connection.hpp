#pragma once
// The WebSocket link to the server: a Boost.Beast client on its own thread. It connects,
// reads every frame into a queue the UI thread drains, and after a dropped connection connects
// again with a growing delay (the UI then says hello with its saved token), or at once to the
// node a `redirect` named (ServerRoute). Thread-safe:
// send() and drain() may be called from any thread.

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server_url.hpp"

namespace carc::term {

struct LinkEvent {
    enum class Kind { connected, message, disconnected };
    Kind kind = Kind::message;
    std::string text;  // the frame (message) or the reason (disconnected)
};

class Connection {
public:
    explicit Connection(ServerUrl url);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    void start();
    void stop();
    void send(std::string text);
    std::vector<LinkEvent> drain();
    // Closes the socket as if the network dropped it (the link reconnects by itself).
    void drop();
    // A `redirect`: closes the socket and connects at once to `ws_url` (ws://host:port/path);
    // when that node cannot be reached, the link goes back to the --server address.
    void move_to(std::string ws_url);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::thread thread_;
};

}  // namespace carc::term
