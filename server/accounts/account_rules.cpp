#include "accounts/account_rules.hpp"

#include <algorithm>
#include <cctype>

#include <boost/asio/ip/address.hpp>

#include "util/text.hpp"

namespace carc::server::accounts {
namespace {

bool blank_or_control(char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; }

bool private_v4(const boost::asio::ip::address_v4& a) {
    const auto b = a.to_bytes();
    return a.is_loopback() || a.is_unspecified() || a.is_multicast() || b[0] == 10 || b[0] == 0 ||
           (b[0] == 172 && (b[1] & 0xf0) == 16) || (b[0] == 192 && b[1] == 168) || (b[0] == 169 && b[1] == 254) ||
           (b[0] == 100 && (b[1] & 0xc0) == 64) || b[0] >= 240;
}

bool private_address(const boost::asio::ip::address& address) {
    if (address.is_v4()) return private_v4(address.to_v4());
    const auto v6 = address.to_v6();
    if (v6.is_v4_mapped()) return private_v4(boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6));
    const auto b = v6.to_bytes();
    return v6.is_loopback() || v6.is_unspecified() || v6.is_link_local() || v6.is_multicast() ||
           (b[0] & 0xfe) == 0xfc;  // unique local fc00::/7
}

}  // namespace

std::string name_key(std::string_view name) {
    std::string key(name);
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return key;
}

std::optional<std::string> check_password(std::string_view password) {
    if (utf8_length(password) < min_password_characters) return "the password needs at least 8 characters";
    if (password.size() > max_password_bytes) return "the password may have at most 1024 bytes";
    return std::nullopt;
}

std::optional<std::string> check_email(std::string_view email) {
    const auto at = email.find('@');
    if (email.size() > 254 || at == std::string_view::npos || at == 0 || email.find('@', at + 1) != std::string_view::npos ||
        std::any_of(email.begin(), email.end(), blank_or_control))
        return "not an e-mail address";
    const std::string_view domain = email.substr(at + 1);
    const auto dot = domain.find('.');
    if (domain.empty() || dot == std::string_view::npos || dot == 0 || domain.back() == '.')
        return "not an e-mail address";
    return std::nullopt;
}

std::optional<std::string> check_webhook(std::string_view url, bool allow_private) {
    std::string_view rest;
    if (url.starts_with("https://")) rest = url.substr(8);
    else if (url.starts_with("http://")) rest = url.substr(7);
    else return "the webhook must be an http:// or https:// URL";
    if (url.size() > 2000 || std::any_of(url.begin(), url.end(), blank_or_control)) return "not a URL";
    std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
    if (const auto at = authority.rfind('@'); at != std::string_view::npos) authority = authority.substr(at + 1);
    std::string host;
    if (authority.starts_with('[')) {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return "not a URL";
        host = authority.substr(1, close - 1);
    } else {
        host = authority.substr(0, authority.find(':'));
    }
    if (host.empty()) return "the webhook URL has no host";
    if (allow_private) return std::nullopt;
    const std::string lower = name_key(host);
    if (lower == "localhost" || lower.ends_with(".localhost") || lower.ends_with(".local") ||
        lower.ends_with(".internal"))
        return "the webhook points at this machine or a private network";
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(host, ec);
    if (!ec && private_address(address)) return "the webhook points at this machine or a private network";
    return std::nullopt;
}

std::optional<std::string> check_language(std::string_view language) {
    if (language == "en" || language == "ru") return std::nullopt;
    return "the language must be \"en\" or \"ru\"";
}

}  // namespace carc::server::accounts
