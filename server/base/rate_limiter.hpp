#pragma once
// A token bucket per connection: `rate` messages per second on average, up to `burst` at once.
// Time is passed in, so tests need no sleeping.

#include <algorithm>
#include <chrono>

namespace carc::server {

class rate_limiter {
public:
    using clock = std::chrono::steady_clock;

    rate_limiter(double rate_per_second, double burst)
        : rate_(rate_per_second), burst_(burst), tokens_(burst) {}

    // True when a message may pass now; takes one token.
    bool allow(clock::time_point now) {
        if (started_) {
            const std::chrono::duration<double> elapsed = now - last_;
            tokens_ = std::min(burst_, tokens_ + elapsed.count() * rate_);
        }
        started_ = true;
        last_ = now;
        if (tokens_ < 1.0) return false;
        tokens_ -= 1.0;
        return true;
    }

private:
    double rate_;
    double burst_;
    double tokens_;
    bool started_ = false;
    clock::time_point last_{};
};

}  // namespace carc::server
