#pragma once
// ws://host[:port][/path], the --server argument.

#include <optional>
#include <utility>
#include <string>

namespace carc::term {

struct ServerUrl {
    std::string host = "127.0.0.1";
    std::string port = "8080";
    std::string path = "/ws";
    bool operator==(const ServerUrl&) const = default;
};

// nullopt for anything but ws:// URLs (wss needs TLS, which the server does not speak).
std::optional<ServerUrl> parse_server_url(const std::string& text);

// Where the link connects: the --server address ("home"), or the node a `redirect` named
// (docs/protocol.md) until a connection to it fails before its handshake (it died), which
// sends the link home again.
class ServerRoute {
public:
    explicit ServerRoute(ServerUrl home) : home_(home), current_(std::move(home)) {}
    const ServerUrl& current() const { return current_; }
    bool at_home() const { return current_ == home_; }
    // Goes to a redirect's `ws` address; false (and stays) when it is not a ws:// URL.
    bool follow(const std::string& ws_url);
    // A session ended; `reached`: it got as far as the WebSocket handshake.
    void session_ended(bool reached);

private:
    ServerUrl home_;
    ServerUrl current_;
};

}  // namespace carc::term
