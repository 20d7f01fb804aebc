#include "friends/challenge_book.hpp"

#include <algorithm>

namespace carc::server::friends {

namespace {
constexpr std::int64_t forget_after_ms = 7LL * 24 * 60 * 60 * 1000;
}

void challenge_book::add(challenge c) {
    std::lock_guard lock(mutex_);
    const std::int64_t now = c.made_ms;
    std::erase_if(by_room_, [&](const auto& entry) { return now - entry.second.made_ms > forget_after_ms; });
    by_room_[c.room] = std::move(c);
}

std::optional<challenge> challenge_book::take(const std::string& room, const std::string& person) {
    std::lock_guard lock(mutex_);
    const auto it = by_room_.find(room);
    if (it == by_room_.end() || it->second.to_person != person) return std::nullopt;
    challenge found = std::move(it->second);
    by_room_.erase(it);
    return found;
}

}  // namespace carc::server::friends
