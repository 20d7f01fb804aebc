#pragma once
// The turn clock of one game: a chess clock per seat with an increment per finished turn. Pure
// bookkeeping with the time passed in; the room owns the timer that acts on expiry.

#include <chrono>
#include <cstdint>
#include <vector>

namespace carc::server {

class game_clock {
public:
    using clock = std::chrono::steady_clock;

    game_clock(int seats, std::chrono::milliseconds initial, std::chrono::milliseconds increment)
        : remaining_(static_cast<std::size_t>(seats), initial), increment_(increment) {}

    // The decider is now `seat` in turn `turn`. Charges the time used by the seat that was
    // running and, when its turn is over, credits the increment.
    void switch_to(int seat, int turn, clock::time_point now) {
        if (running_ == seat && turn_ == turn) return;
        stop(now, turn != turn_);
        running_ = seat;
        turn_ = turn;
        since_ = now;
    }

    // Stops the running seat (game over, or nobody to wait for).
    void stop(clock::time_point now, bool credit_increment) {
        if (running_ >= 0) {
            auto& left = remaining_[static_cast<std::size_t>(running_)];
            left -= std::chrono::duration_cast<std::chrono::milliseconds>(now - since_);
            if (left.count() < 0) left = std::chrono::milliseconds(0);
            if (credit_increment) left += increment_;
        }
        running_ = -1;
    }

    int running() const { return running_; }
    clock::time_point since() const { return since_; }
    // Time left for `seat` as of `since()` (its stretch not yet charged).
    std::chrono::milliseconds remaining_at_since(int seat) const {
        return remaining_[static_cast<std::size_t>(seat)];
    }
    // When the running seat runs out.
    clock::time_point deadline() const {
        return since_ + remaining_[static_cast<std::size_t>(running_)];
    }
    // After a restart: each seat's time left as saved; nobody's time runs until switch_to.
    void restore_remaining(const std::vector<std::int64_t>& remaining_ms) {
        for (std::size_t i = 0; i < remaining_.size() && i < remaining_ms.size(); ++i)
            remaining_[i] = std::chrono::milliseconds(remaining_ms[i]);
    }
    std::vector<std::int64_t> remaining_ms() const {
        std::vector<std::int64_t> out;
        for (const auto& r : remaining_) out.push_back(r.count());
        return out;
    }

private:
    std::vector<std::chrono::milliseconds> remaining_;
    std::chrono::milliseconds increment_;
    int running_ = -1;
    int turn_ = -1;
    clock::time_point since_{};
};

}  // namespace carc::server
