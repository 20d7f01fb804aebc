#pragma once
// ws://host[:port][/path], the --server argument.

#include <optional>
#include <string>

namespace carc::term {

struct ServerUrl {
    std::string host = "127.0.0.1";
    std::string port = "8080";
    std::string path = "/ws";
};

// nullopt for anything but ws:// URLs (wss needs TLS, which the server does not speak).
std::optional<ServerUrl> parse_server_url(const std::string& text);

}  // namespace carc::term
