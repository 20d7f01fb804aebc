#include "rooms/lobby.hpp"

#include <algorithm>
#include <charconv>

#include "carc/protocol/messages.hpp"
#include "app/metrics.hpp"

namespace carc::server {

std::string lobby::next_room_id() {
    std::lock_guard lock(mutex_);
    return "r" + std::to_string(next_id_++);
}

void lobby::reserve_ids(const std::vector<std::string>& ids) {
    std::lock_guard lock(mutex_);
    for (const std::string& id : ids) {
        if (id.size() < 2 || id[0] != 'r') continue;
        std::uint64_t n = 0;
        const auto parsed = std::from_chars(id.data() + 1, id.data() + id.size(), n);
        if (parsed.ec == std::errc{} && parsed.ptr == id.data() + id.size()) next_id_ = std::max(next_id_, n + 1);
    }
}

void lobby::add(const std::shared_ptr<room>& r, const std::string& id, const std::string& invite) {
    {
        std::lock_guard lock(mutex_);
        rooms_[id] = r;
        room_by_invite_[invite] = id;
        metrics_.rooms_open.store(static_cast<std::int64_t>(rooms_.size()));
    }
}

void lobby::remove(const std::string& id) {
    bool was_listed = false;
    {
        std::lock_guard lock(mutex_);
        rooms_.erase(id);
        std::erase_if(room_by_invite_, [&](const auto& entry) { return entry.second == id; });
        was_listed = listed_.erase(id) > 0;
        metrics_.rooms_open.store(static_cast<std::int64_t>(rooms_.size()));
    }
    if (was_listed) notify_subscribers();
}

std::shared_ptr<room> lobby::find(const std::string& id) const {
    std::lock_guard lock(mutex_);
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<room> lobby::find_by_invite(const std::string& invite) const {
    std::lock_guard lock(mutex_);
    const auto it = room_by_invite_.find(invite);
    if (it == room_by_invite_.end()) return nullptr;
    const auto r = rooms_.find(it->second);
    return r == rooms_.end() ? nullptr : r->second;
}

std::vector<std::shared_ptr<room>> lobby::rooms() const {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<room>> out;
    for (const auto& [id, r] : rooms_) out.push_back(r);
    return out;
}

void lobby::update(const protocol::RoomSummary& summary, bool listed) {
    {
        std::lock_guard lock(mutex_);
        if (!rooms_.contains(summary.id)) return;  // closed meanwhile
        const auto it = listed_.find(summary.id);
        if (!listed) {
            if (it == listed_.end()) return;
            listed_.erase(it);
        } else {
            if (it != listed_.end() && it->second == summary) return;
            listed_[summary.id] = summary;
        }
    }
    notify_subscribers();
}

std::vector<protocol::RoomSummary> lobby::public_rooms() const {
    std::lock_guard lock(mutex_);
    std::vector<protocol::RoomSummary> out;
    for (const auto& [id, summary] : listed_) out.push_back(summary);
    return out;
}

void lobby::subscribe(const std::shared_ptr<client_link>& link) {
    std::lock_guard lock(mutex_);
    subscribers_[link->id()] = link;
}

void lobby::unsubscribe(std::uint64_t link_id) {
    std::lock_guard lock(mutex_);
    subscribers_.erase(link_id);
}

void lobby::notify_subscribers() {
    // One notification at a time, so subscribers never see an older list after a newer one.
    std::lock_guard order(notify_mutex_);
    std::vector<std::shared_ptr<client_link>> targets;
    protocol::Lobby message;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, summary] : listed_) message.rooms.push_back(summary);
        for (auto it = subscribers_.begin(); it != subscribers_.end();) {
            if (auto link = it->second.lock()) {
                targets.push_back(std::move(link));
                ++it;
            } else {
                it = subscribers_.erase(it);
            }
        }
    }
    if (targets.empty()) return;
    const auto text = shared_text(protocol::encode(message));
    for (const auto& link : targets) link->send(text);
}

}  // namespace carc::server
