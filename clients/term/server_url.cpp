#include "server_url.hpp"

namespace carc::term {

std::optional<ServerUrl> parse_server_url(const std::string& text) {
    const std::string scheme = "ws://";
    if (text.rfind(scheme, 0) != 0) return std::nullopt;
    std::string rest = text.substr(scheme.size());
    ServerUrl url;
    const auto slash = rest.find('/');
    if (slash != std::string::npos) {
        url.path = rest.substr(slash);
        rest = rest.substr(0, slash);
        if (url.path == "/") url.path = "/ws";
    }
    const auto colon = rest.rfind(':');
    if (colon != std::string::npos && rest.find(']') == std::string::npos) {
        url.port = rest.substr(colon + 1);
        rest = rest.substr(0, colon);
        if (url.port.empty() || url.port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    }
    if (rest.empty()) return std::nullopt;
    url.host = rest;
    return url;
}

bool ServerRoute::follow(const std::string& ws_url) {
    const auto url = parse_server_url(ws_url);
    if (!url) return false;
    current_ = *url;
    return true;
}

void ServerRoute::session_ended(bool reached) {
    if (!reached) current_ = home_;
}

}  // namespace carc::term
