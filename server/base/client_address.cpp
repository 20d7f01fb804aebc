#include "base/client_address.hpp"

#include <boost/asio/ip/address.hpp>

#include "util/text.hpp"

namespace carc::server {

bool is_ip_address(std::string_view text) {
    boost::system::error_code ec;
    (void)boost::asio::ip::make_address(std::string(text), ec);
    return !ec;
}

namespace {

// The same address however written ("::ffff:10.0.0.1" is 10.0.0.1); "" when not an address.
std::string canonical(std::string_view text) {
    boost::system::error_code ec;
    auto address = boost::asio::ip::make_address(std::string(text), ec);
    if (ec) return {};
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
    return address.to_string();
}

}  // namespace

std::string plain_address(std::string_view text) {
    std::string address = canonical(text);
    return address.empty() ? std::string(text) : address;
}

bool is_trusted_proxy(const std::string& peer, const std::string& trusted_proxy) {
    return !trusted_proxy.empty() && canonical(peer) == canonical(trusted_proxy);
}

std::string client_address(const std::string& peer, std::string_view forwarded_for, const std::string& trusted_proxy) {
    if (!is_trusted_proxy(peer, trusted_proxy)) return peer;
    const auto comma = forwarded_for.rfind(',');
    const std::string last = trim(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
    const std::string client = canonical(last);
    return client.empty() ? peer : client;  // a proxy that sent none: the proxy's own address
}

}  // namespace carc::server
