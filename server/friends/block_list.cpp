#include "friends/block_list.hpp"

#include <algorithm>
#include <mutex>

#include <spdlog/spdlog.h>

#include "carc/storage/friend_store.hpp"
#include "carc/storage/friend_store.hpp"

namespace carc::server::friends {

void block_list::load(const std::string& person, const std::vector<std::string>& blocked) {
    std::unique_lock lock(mutex_);
    blocked_[person] = std::set<std::string>(blocked.begin(), blocked.end());
}

void block_list::set(const std::string& person, const std::string& target, bool blocked) {
    std::unique_lock lock(mutex_);
    const auto it = blocked_.find(person);
    if (it == blocked_.end()) return;
    if (blocked) it->second.insert(target);
    else it->second.erase(target);
}

void block_list::set_blockers(const std::string& sender, const std::vector<std::string>& blockers) {
    std::unique_lock lock(mutex_);
    for (auto& [person, list] : blocked_) {
        if (std::find(blockers.begin(), blockers.end(), person) != blockers.end()) list.insert(sender);
        else list.erase(sender);
    }
}

bool block_list::blocks(const std::string& person, const std::string& sender) const {
    std::shared_lock lock(mutex_);
    const auto it = blocked_.find(person);
    return it != blocked_.end() && it->second.contains(sender);
}

std::set<std::string> block_list::blocked_by(const std::string& person) const {
    std::shared_lock lock(mutex_);
    const auto it = blocked_.find(person);
    return it == blocked_.end() ? std::set<std::string>{} : it->second;
}

bool block_list::knows(const std::string& person) const {
    std::shared_lock lock(mutex_);
    return blocked_.contains(person);
}

std::vector<std::string> block_list::known() const {
    std::shared_lock lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [person, list] : blocked_) out.push_back(person);
    return out;
}

void load_blocks(block_list& blocks, storage::FriendStore* store, const std::string& person) {
    if (!store) return;
    auto blocked = store->blocked_ids(person);
    if (!blocked) {
        spdlog::warn("event=blocks_not_loaded person={} error=\"{}\"", person, blocked.message());
        return;
    }
    blocks.load(person, *blocked);
}

void load_blockers(block_list& blocks, storage::FriendStore* store, const std::string& sender) {
    if (!store) return;
    auto blockers = store->blocker_ids(sender);
    if (!blockers) {
        spdlog::warn("event=blockers_not_loaded person={} error=\"{}\"", sender, blockers.message());
        return;
    }
    blocks.set_blockers(sender, *blockers);
}

void reload_all_blocks(block_list& blocks, storage::FriendStore* store) {
    for (const std::string& person : blocks.known()) load_blocks(blocks, store, person);
}

}  // namespace carc::server::friends
