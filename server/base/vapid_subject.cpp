#include "base/vapid_subject.hpp"

#include <boost/asio/ip/address.hpp>

namespace carc::server {
namespace {

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

bool names_this_machine(std::string host) {
    host = lower(host);
    if (host.starts_with('[') && host.ends_with(']')) host = host.substr(1, host.size() - 2);
    if (host == "localhost" || host.ends_with(".localhost") || host.ends_with(".local")) return true;
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(host, ec);
    return !ec && address.is_loopback();
}

}  // namespace

std::optional<std::string> check_vapid_subject(const std::string& subject) {
    std::string host;
    if (subject.starts_with("mailto:")) {
        const auto at = subject.rfind('@');
        if (at == std::string::npos || at == 7 || at + 1 == subject.size())
            return "a mailto: subject needs an address: mailto:someone@example.org";
        host = subject.substr(at + 1);
    } else if (subject.starts_with("https://")) {
        constexpr std::size_t scheme = 8;  // "https://"
        host = subject.substr(scheme, subject.find_first_of("/?#", scheme) - scheme);
        if (host.starts_with('[')) host = host.substr(0, host.find(']') + 1);
        else host = host.substr(0, host.find(':'));
        if (host.empty()) return "an https: subject needs a host: https://example.org/contact";
    } else {
        return "the subject must be a mailto: or https: URL (RFC 8292)";
    }
    if (subject.find_first_of(" \r\n\t\"<>") != std::string::npos) return "the subject has a blank or a quote";
    if (names_this_machine(host))
        return "the subject names this machine (" + host + "), which push services refuse: give a real address";
    return std::nullopt;
}

}  // namespace carc::server
