#include "rooms/lobby.hpp"

#include <algorithm>
#include <charconv>

#include "carc/protocol/messages.hpp"
#include "base/metrics.hpp"
#include "people/security.hpp"

namespace carc::server {

std::string lobby::next_room_id() {
    if (id_source_) return "r" + std::to_string(id_source_());
    std::lock_guard lock(mutex_);
    return "r" + std::to_string(next_id_++);
}

std::uint64_t lobby::next_number() const {
    std::lock_guard lock(mutex_);
    return next_id_;
}

void lobby::take_ids_from(std::function<std::uint64_t()> source) { id_source_ = std::move(source); }

bool lobby::ids_from_store() const { return static_cast<bool>(id_source_); }

void lobby::reserve_ids(const std::vector<std::string>& ids) {
    std::lock_guard lock(mutex_);
    for (const std::string& id : ids) {
        if (id.size() < 2 || id[0] != 'r') continue;
        std::uint64_t n = 0;
        const auto parsed = std::from_chars(id.data() + 1, id.data() + id.size(), n);
        if (parsed.ec == std::errc{} && parsed.ptr == id.data() + id.size()) next_id_ = std::max(next_id_, n + 1);
    }
}

void lobby::count_rooms() {
    metrics_.rooms_open.store(static_cast<std::int64_t>(rooms_.size()));
    metrics_.rooms_adjourned.store(static_cast<std::int64_t>(adjourned_.size()));
}

void lobby::add(const std::shared_ptr<room>& r, const std::string& id, const std::string& invite) {
    std::lock_guard lock(mutex_);
    rooms_[id] = r;
    room_by_invite_[invite] = id;
    adjourned_.erase(id);  // brought back; it stays listed until the room reports itself
    remote_.erase(id);     // taken over from another node
    count_rooms();
}

void lobby::remove(const std::string& id) {
    std::lock_guard order(notify_mutex_);
    bool was_listed = false;
    {
        std::lock_guard lock(mutex_);
        rooms_.erase(id);
        std::erase_if(room_by_invite_, [&](const auto& entry) { return entry.second == id; });
        was_listed = listed_.erase(id) > 0;
        count_rooms();
    }
    if (was_listed) {
        if (observer_) observer_(id, nullptr);
        announce(id, nullptr);
    }
}

std::shared_ptr<room> lobby::find(const std::string& id) const {
    std::lock_guard lock(mutex_);
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<room> lobby::find_by_invite(const std::string& invite) const {
    std::lock_guard lock(mutex_);
    const auto it = room_by_invite_.find(canonical_invite_code(invite));
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

void lobby::adjourn(const std::string& id, const std::string& invite, protocol::RoomSummary summary, bool listed) {
    std::lock_guard order(notify_mutex_);
    {
        std::lock_guard lock(mutex_);
        rooms_.erase(id);
        room_by_invite_.erase(invite);
        adjourned_[id] = ++adjournments_;
        if (listed) listed_[id] = summary;
        count_rooms();
    }
    if (listed) announce(id, &summary);
}

bool lobby::is_adjourned(const std::string& id) const {
    std::lock_guard lock(mutex_);
    return adjourned_.contains(id);
}

bool lobby::is_adjourned_in_public(const std::string& id) const {
    std::lock_guard lock(mutex_);
    return adjourned_.contains(id) && listed_.contains(id);
}

std::optional<std::uint64_t> lobby::adjournment(const std::string& id) const {
    std::lock_guard lock(mutex_);
    const auto it = adjourned_.find(id);
    if (it == adjourned_.end()) return std::nullopt;
    return it->second;
}

std::shared_ptr<room> lobby::find_or_resume(const std::string& id,
                                            const std::function<std::shared_ptr<room>()>& load) {
    if (auto r = find(id)) return r;
    std::lock_guard one_at_a_time(resume_mutex_);
    if (auto r = find(id)) return r;  // someone else brought it back meanwhile
    if (!is_adjourned(id)) return nullptr;
    return load();
}

void lobby::forget_adjourned(const std::string& id) {
    std::lock_guard order(notify_mutex_);
    bool was_listed = false;
    {
        std::lock_guard lock(mutex_);
        adjourned_.erase(id);
        was_listed = listed_.erase(id) > 0;
        count_rooms();
    }
    if (was_listed) announce(id, nullptr);
}

void lobby::update(const protocol::RoomSummary& summary, bool listed) {
    std::lock_guard order(notify_mutex_);
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
    if (observer_) observer_(summary.id, listed ? &summary : nullptr);
    announce(summary.id, listed ? &summary : nullptr);
}

std::vector<protocol::RoomSummary> lobby::public_rooms() const {
    std::lock_guard lock(mutex_);
    std::vector<protocol::RoomSummary> out;
    for (const auto& [id, summary] : listed_) out.push_back(summary);
    for (const auto& [id, summary] : remote_)
        if (!listed_.contains(id)) out.push_back(summary);
    return out;
}

void lobby::subscribe(const std::shared_ptr<client_link>& link, const nlohmann::json& request_id) {
    // Under notify_mutex_, so no change is sent to this subscriber before the list it follows.
    std::lock_guard order(notify_mutex_);
    protocol::Lobby message;
    {
        std::lock_guard lock(mutex_);
        subscribers_[link->id()] = link;
        for (const auto& [id, summary] : listed_) message.rooms.push_back(summary);
        for (const auto& [id, summary] : remote_)
            if (!listed_.contains(id)) message.rooms.push_back(summary);
    }
    link->send(shared_text(protocol::encode(message, request_id)));
}

void lobby::observe_listed(listed_observer observer) {
    std::lock_guard lock(mutex_);
    observer_ = std::move(observer);
}

void lobby::set_remote(const std::string& id, const protocol::RoomSummary* summary) {
    std::lock_guard order(notify_mutex_);
    {
        std::lock_guard lock(mutex_);
        if (rooms_.contains(id)) return;  // ours now (taken over): listed as a local room
        const auto it = remote_.find(id);
        if (!summary) {
            if (it == remote_.end()) return;
            remote_.erase(it);
        } else {
            if (it != remote_.end() && it->second == *summary) return;
            remote_[id] = *summary;
        }
    }
    announce(id, summary);
}

void lobby::unsubscribe(std::uint64_t link_id) {
    std::lock_guard lock(mutex_);
    subscribers_.erase(link_id);
}

namespace {

// One change as its own message, as subscribers got every change before batching.
std::string change_text(const std::string& id, const std::optional<protocol::RoomSummary>& summary) {
    return summary ? protocol::encode(protocol::LobbyRoom{*summary}) : protocol::encode(protocol::LobbyRoomRemoved{id});
}

}  // namespace

void lobby::announce(const std::string& id, const protocol::RoomSummary* summary) {
    std::optional<protocol::RoomSummary> entry;
    if (summary) entry = *summary;
    if (interval_.count() == 0) {
        broadcast(shared_text(change_text(id, entry)));
        return;
    }
    pending_[id] = std::move(entry);
    if (flush_armed_) return;
    flush_armed_ = true;
    flush_timer_.expires_after(interval_);
    flush_timer_.async_wait([this](boost::system::error_code ec) {
        if (!ec) flush();
    });
}

void lobby::flush() {
    std::lock_guard order(notify_mutex_);
    flush_armed_ = false;
    if (pending_.empty()) return;
    auto changes = std::move(pending_);
    pending_.clear();
    std::string text;
    if (changes.size() == 1) {
        text = change_text(changes.begin()->first, changes.begin()->second);
    } else {
        protocol::LobbyChanges batch;
        for (auto& [id, summary] : changes) {
            if (summary) batch.rooms.push_back(std::move(*summary));
            else batch.removed.push_back(id);
        }
        text = protocol::encode(batch);
    }
    broadcast(shared_text(std::move(text)));
}

void lobby::broadcast(const std::shared_ptr<const std::string>& text) {
    std::vector<std::shared_ptr<client_link>> targets;
    {
        std::lock_guard lock(mutex_);
        for (auto it = subscribers_.begin(); it != subscribers_.end();) {
            if (auto link = it->second.lock()) {
                targets.push_back(std::move(link));
                ++it;
            } else {
                it = subscribers_.erase(it);
            }
        }
    }
    for (const auto& link : targets) link->send(text);
}

}  // namespace carc::server
