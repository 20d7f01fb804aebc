#pragma once
// Sign-in attempts counted per key (a name at an address, an address) in a sliding window: over the limit,
// the next attempt is refused until the oldest counted one leaves the window (429 with
// Retry-After). Time is passed in, so tests need no sleeping. Thread-safe.

#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace carc::server::accounts {

// Wrong passwords are counted per name and address together, so an attacker's failures from
// their address never lock the owner out at theirs: the key of a name's skeleton at an address,
// and the prefix of that name's keys at every address.
inline std::string name_at_address(const std::string& name_skeleton, const std::string& address) {
    return name_skeleton + '\n' + address;
}
inline std::string name_at_every_address(const std::string& name_skeleton) { return name_skeleton + '\n'; }

class sign_in_limiter {
public:
    using clock = std::chrono::steady_clock;

    sign_in_limiter(int limit, clock::duration window) : limit_(limit), window_(window) {}

    // nullopt when `key` may try now; else how long until it may.
    std::optional<clock::duration> wait_before(const std::string& key, clock::time_point now) {
        std::lock_guard lock(mutex_);
        auto it = seen_.find(key);
        if (it == seen_.end()) return std::nullopt;
        prune(it->second, now);
        if (static_cast<int>(it->second.size()) < limit_) return std::nullopt;
        return it->second.front() + window_ - now;
    }
    void count(const std::string& key, clock::time_point now) {
        std::lock_guard lock(mutex_);
        auto& times = seen_[key];
        prune(times, now);
        times.push_back(now);
        if (seen_.size() > max_keys) forget_stale(now);
    }

    // Forgets every key that starts with `prefix` (a name's failures from every address, once
    // its password is reset or changed).
    void forget_prefix(const std::string& prefix) {
        std::lock_guard lock(mutex_);
        auto it = seen_.lower_bound(prefix);
        while (it != seen_.end() && it->first.starts_with(prefix)) it = seen_.erase(it);
    }

private:
    static constexpr std::size_t max_keys = 100'000;

    void prune(std::deque<clock::time_point>& times, clock::time_point now) const {
        while (!times.empty() && times.front() + window_ <= now) times.pop_front();
    }
    void forget_stale(clock::time_point now) {
        for (auto it = seen_.begin(); it != seen_.end();) {
            prune(it->second, now);
            it = it->second.empty() ? seen_.erase(it) : std::next(it);
        }
    }

    const int limit_;
    const clock::duration window_;
    std::mutex mutex_;
    std::map<std::string, std::deque<clock::time_point>> seen_;
};

}  // namespace carc::server::accounts
