#pragma once
// A fake connection for in-process room tests: it implements client_link (the interface rooms
// and the lobby talk to) by keeping every message it is sent, parsed, in order, and the close
// code it was given. No socket, no threads: the test reads what the room said.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/client_link.hpp"

namespace carc::test {

class recording_link final : public server::client_link {
public:
    recording_link() : id_(next_id()) {}

    void send(std::shared_ptr<const std::string> message) override {
        std::lock_guard lock(mutex_);
        sent_.push_back(nlohmann::json::parse(*message));
        ever_.push_back(sent_.back());
        last_text_ = std::move(message);
    }
    // Recorded like send(), and counted: which messages a room let wait for the write scheduler.
    void send_batched(std::shared_ptr<const std::string> message) override {
        batched_.fetch_add(1);
        send(std::move(message));
    }
    std::size_t batched() const { return batched_.load(); }
    void close(std::uint16_t code, std::string reason) override {
        std::lock_guard lock(mutex_);
        close_code_ = code;
        close_reason_ = std::move(reason);
    }
    std::uint64_t id() const override { return id_; }

    // Everything sent so far, oldest first.
    std::vector<nlohmann::json> sent() const {
        std::lock_guard lock(mutex_);
        return sent_;
    }
    // Everything sent since the last take(), oldest first; the link forgets it.
    std::vector<nlohmann::json> take() {
        std::lock_guard lock(mutex_);
        std::vector<nlohmann::json> out;
        out.swap(sent_);
        return out;
    }
    // Everything ever sent, take() or not, oldest first: what a leak check reads.
    std::vector<nlohmann::json> ever_sent() const {
        std::lock_guard lock(mutex_);
        return ever_;
    }
    // The last message as handed over: which buffer, not only what it says.
    std::shared_ptr<const std::string> last_text() const {
        std::lock_guard lock(mutex_);
        return last_text_;
    }
    std::optional<std::uint16_t> close_code() const {
        std::lock_guard lock(mutex_);
        return close_code_;
    }

private:
    static std::uint64_t next_id() {
        static std::atomic<std::uint64_t> counter{1'000'000};  // apart from real sessions' ids
        return counter.fetch_add(1);
    }

    const std::uint64_t id_;
    mutable std::mutex mutex_;
    std::atomic<std::size_t> batched_{0};
    std::vector<nlohmann::json> sent_;
    std::vector<nlohmann::json> ever_;
    std::shared_ptr<const std::string> last_text_;
    std::optional<std::uint16_t> close_code_;
    std::string close_reason_;
};

}  // namespace carc::test
