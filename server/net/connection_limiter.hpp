#pragma once
// Counts open WebSocket connections per remote address and refuses one over the cap. A slot is
// an RAII handle the session holds for its lifetime.

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace carc::server {

class connection_limiter : public std::enable_shared_from_this<connection_limiter> {
public:
    explicit connection_limiter(int max_per_address) : max_(max_per_address) {}

    class slot {
    public:
        slot(std::shared_ptr<connection_limiter> owner, std::string address)
            : owner_(std::move(owner)), address_(std::move(address)) {}
        ~slot() { owner_->release(address_); }
        slot(const slot&) = delete;
        slot& operator=(const slot&) = delete;

    private:
        std::shared_ptr<connection_limiter> owner_;
        std::string address_;
    };

    // nullptr when `address` already holds the maximum.
    std::unique_ptr<slot> acquire(const std::string& address) {
        std::lock_guard lock(mutex_);
        int& count = counts_[address];
        if (count >= max_) return nullptr;
        ++count;
        return std::make_unique<slot>(shared_from_this(), address);
    }

private:
    void release(const std::string& address) {
        std::lock_guard lock(mutex_);
        const auto it = counts_.find(address);
        if (it != counts_.end() && --it->second <= 0) counts_.erase(it);
    }

    int max_;
    std::mutex mutex_;
    std::map<std::string, int> counts_;
};

}  // namespace carc::server
