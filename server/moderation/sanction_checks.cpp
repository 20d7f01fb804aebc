#include "moderation/sanction_checks.hpp"

#include <ctime>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

#include <spdlog/spdlog.h>

#include "util/wall_clock.hpp"

namespace carc::server::moderation {

namespace st = carc::storage;

namespace {

std::optional<st::Sanction> in_force(st::ModerationStore& store, const std::string& person_id, st::SanctionKind kind) {
    auto found = store.sanction_of(person_id, kind, unix_ms());
    if (!found) {
        spdlog::warn("event=sanction_check_failed kind={} error=\"{}\"", st::to_string(kind), found.message());
        return std::nullopt;
    }
    return *found;
}

nlohmann::json until_param(const st::Sanction& s) {
    return {{"until", s.until_ms ? nlohmann::json(*s.until_ms) : nlohmann::json(nullptr)}};
}

}  // namespace

std::string until_words(std::optional<std::int64_t> until_ms) {
    if (!until_ms) return "for good";
    const std::time_t seconds = static_cast<std::time_t>(*until_ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
    return std::string("until ") + buffer;
}

std::optional<sanction_refusal> mute_of(st::ModerationStore& store, const std::string& person_id) {
    const auto mute = in_force(store, person_id, st::SanctionKind::mute);
    if (!mute) return std::nullopt;
    return sanction_refusal{"your account is muted " + until_words(mute->until_ms) + ": your chat lines are not sent",
                            until_param(*mute)};
}

std::optional<sanction_refusal> ban_of(st::ModerationStore& store, const std::string& person_id) {
    const auto ban = in_force(store, person_id, st::SanctionKind::ban);
    if (!ban) return std::nullopt;
    return sanction_refusal{"this account is banned " + until_words(ban->until_ms), until_param(*ban)};
}

namespace {

namespace ip = boost::asio::ip;

// The address, an IPv4 one inside IPv6 as IPv4; nullopt when `text` is none.
std::optional<ip::address> plain_address(const std::string& text) {
    boost::system::error_code ec;
    ip::address a = ip::make_address(text, ec);
    if (ec) return std::nullopt;
    if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::address(ip::make_address_v4(ip::v4_mapped, a.to_v6()));
    return a;
}

}  // namespace

std::optional<std::string> normal_range(const std::string& text) {
    const auto slash = text.find('/');
    const auto a = plain_address(text.substr(0, slash));
    if (!a) return std::nullopt;
    const int full = a->is_v4() ? 32 : 128;
    int prefix = full;
    if (slash != std::string::npos) {
        const std::string digits = text.substr(slash + 1);
        if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        prefix = std::stoi(digits);
        if (prefix > full) return std::nullopt;
    }
    if (a->is_v4())
        return ip::make_network_v4(a->to_v4(), static_cast<unsigned short>(prefix)).canonical().to_string();
    return ip::make_network_v6(a->to_v6(), static_cast<unsigned short>(prefix)).canonical().to_string();
}

bool in_range(const std::string& address, const std::string& cidr) {
    const auto a = plain_address(address);
    const auto range = normal_range(cidr);
    if (!a || !range) return false;
    const auto slash = range->find('/');
    const auto prefix = static_cast<unsigned short>(std::stoi(range->substr(slash + 1)));
    const auto network = plain_address(range->substr(0, slash));
    if (!network || network->is_v4() != a->is_v4()) return false;
    if (a->is_v4()) return ip::make_network_v4(a->to_v4(), prefix).canonical().to_string() == *range;
    return ip::make_network_v6(a->to_v6(), prefix).canonical().to_string() == *range;
}

std::optional<sanction_refusal> address_ban_of(st::ModerationStore& store, const std::string& address) {
    auto bans = store.address_bans(unix_ms());
    if (!bans) {
        spdlog::warn("event=address_ban_check_failed error=\"{}\"", bans.message());
        return std::nullopt;
    }
    for (const auto& ban : *bans)
        if (in_range(address, ban.cidr))
            return sanction_refusal{"sign-ups and guests from this address are refused " + until_words(ban.until_ms) +
                                        "; an account made before may sign in",
                                    {{"until", ban.until_ms ? nlohmann::json(*ban.until_ms) : nlohmann::json(nullptr)}}};
    return std::nullopt;
}

}  // namespace carc::server::moderation
