#pragma once
// Sign-in attempts counted per key (a name at an address, an address) in a sliding window: over the limit,
// the next attempt is refused until the oldest counted one leaves the window (429 with
// Retry-After). Time is passed in, so tests need no sleeping. Thread-safe.
//
// With a store, every attempt is also counted there under "<kind>:<key>", so a limit holds for
// every node and across restarts; this node's own count stays in memory too, so an attempt
// this node alone already refuses costs no query. Without a store (or when it fails: then the
// account's own lookup fails as well) the memory alone decides.

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <spdlog/spdlog.h>

#include "carc/storage/store.hpp"

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
    // Wall-clock time: every node reads the same time for the store's counts.
    using clock = std::chrono::system_clock;

    sign_in_limiter(int limit, clock::duration window) : limit_(limit), window_(window) {}
    sign_in_limiter(int limit, clock::duration window, std::shared_ptr<storage::AccountStore> store, std::string kind)
        : limit_(limit), window_(window), store_(std::move(store)), kind_(std::move(kind)) {}

    // nullopt when `key` may try now; else how long until it may.
    std::optional<clock::duration> wait_before(const std::string& key, clock::time_point now) {
        if (auto wait = wait_here(key, now)) return wait;
        if (!store_) return std::nullopt;
        const auto waited = store_->attempt_wait(stored_key(key), limit_, ms(now));
        if (!waited) {
            spdlog::warn("event=attempts_unread kind={} error=\"{}\"", kind_, waited.message());
            return std::nullopt;
        }
        if (!*waited) return std::nullopt;
        return std::chrono::milliseconds(std::max<std::int64_t>(1, **waited));
    }
    void count(const std::string& key, clock::time_point now) {
        {
            std::lock_guard lock(mutex_);
            auto& times = seen_[key];
            prune(times, now);
            times.push_back(now);
            if (seen_.size() > max_keys) forget_stale(now);
        }
        if (!store_) return;
        if (auto counted = store_->count_attempt(stored_key(key), ms(now), ms(now + window_)); !counted)
            spdlog::warn("event=attempt_not_counted kind={} error=\"{}\"", kind_, counted.message());
    }

    // Forgets every key that starts with `prefix` (a name's failures from every address, once
    // its password is reset or changed).
    void forget_prefix(const std::string& prefix) {
        {
            std::lock_guard lock(mutex_);
            auto it = seen_.lower_bound(prefix);
            while (it != seen_.end() && it->first.starts_with(prefix)) it = seen_.erase(it);
        }
        if (!store_) return;
        if (auto forgotten = store_->forget_attempts(stored_key(prefix)); !forgotten)
            spdlog::warn("event=attempts_not_forgotten kind={} error=\"{}\"", kind_, forgotten.message());
    }

private:
    static constexpr std::size_t max_keys = 100'000;

    static std::int64_t ms(clock::time_point t) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
    }
    std::string stored_key(const std::string& key) const { return kind_ + ':' + key; }

    std::optional<clock::duration> wait_here(const std::string& key, clock::time_point now) {
        std::lock_guard lock(mutex_);
        auto it = seen_.find(key);
        if (it == seen_.end()) return std::nullopt;
        prune(it->second, now);
        if (static_cast<int>(it->second.size()) < limit_) return std::nullopt;
        return it->second.front() + window_ - now;
    }
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
    const std::shared_ptr<storage::AccountStore> store_;
    const std::string kind_;
    std::mutex mutex_;
    std::map<std::string, std::deque<clock::time_point>> seen_;
};

}  // namespace carc::server::accounts
