#pragma once
// All the open connections of one person (several tabs, several devices) as one client_link:
// what rooms hold as a member's link, so every room message to the person reaches each of
// them. Replies to a request go to the asking connection only (rooms answer `requester::link`).

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "base/client_link.hpp"

namespace carc::server {

class person_links final : public client_link {
public:
    explicit person_links(std::uint64_t id) : id_(id) {}

    void send(std::shared_ptr<const std::string> message) override {
        for (const auto& link : live()) link->send(message);
    }
    void send(std::shared_ptr<const std::string> first, std::shared_ptr<const std::string> second) override {
        for (const auto& link : live()) link->send(first, second);
    }
    void send_batched(std::shared_ptr<const std::string> message) override {
        for (const auto& link : live()) link->send_batched(message);
    }
    void close(std::uint16_t code, std::string reason) override {
        for (const auto& link : live()) link->close(code, reason);
    }
    std::uint64_t id() const override { return id_; }

    void add(const std::shared_ptr<client_link>& link) {
        std::lock_guard lock(mutex_);
        links_.push_back(link);
    }
    // Forgets `link`; true when no live connection is left.
    bool remove(const client_link& link) {
        std::lock_guard lock(mutex_);
        std::erase_if(links_, [&](const std::weak_ptr<client_link>& weak) {
            const auto held = weak.lock();
            return !held || held.get() == &link;
        });
        return links_.empty();
    }
    bool empty() const {
        std::lock_guard lock(mutex_);
        return std::none_of(links_.begin(), links_.end(), [](const auto& weak) { return !weak.expired(); });
    }

private:
    // Most people have one or two connections: no allocation per message.
    boost::container::small_vector<std::shared_ptr<client_link>, 2> live() const {
        boost::container::small_vector<std::shared_ptr<client_link>, 2> out;
        std::lock_guard lock(mutex_);
        for (const auto& weak : links_)
            if (auto link = weak.lock()) out.push_back(std::move(link));
        return out;
    }

    const std::uint64_t id_;
    mutable std::mutex mutex_;
    std::vector<std::weak_ptr<client_link>> links_;
};

}  // namespace carc::server
