#include "notices/destination_gate.hpp"

#include <algorithm>
#include <cctype>

namespace carc::server::notices {

std::string destination_of(const std::string& url) {
    const auto scheme_end = url.find("://");
    const std::size_t host_start = scheme_end == std::string::npos ? 0 : scheme_end + 3;
    const std::size_t host_end = url.find_first_of("/?#", host_start);
    std::string out = url.substr(0, host_end);
    // Hosts are case-insensitive; userinfo (a secret, maybe) is not part of the destination.
    const auto at = out.find('@', host_start);
    if (at != std::string::npos) out.erase(host_start, at + 1 - host_start);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::optional<std::int64_t> destination_gate::try_begin(const std::string& destination, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    host& h = hosts_[destination];
    if (h.busy) return now_ms + first_delay_ms_;
    if (h.blocked_until_ms > now_ms) return h.blocked_until_ms;
    h.busy = true;
    return std::nullopt;
}

void destination_gate::finished(const std::string& destination, bool ok, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (ok) {
        hosts_.erase(destination);  // the map holds only hosts busy or failing
        return;
    }
    host& h = hosts_[destination];
    h.busy = false;
    std::int64_t delay = first_delay_ms_;
    for (int i = 0; i < h.failures && delay < max_delay_ms_; ++i) delay *= 2;
    h.blocked_until_ms = now_ms + std::min(delay, std::max(first_delay_ms_, max_delay_ms_));
    ++h.failures;
}

}  // namespace carc::server::notices
