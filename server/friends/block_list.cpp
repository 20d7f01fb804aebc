#include "friends/block_list.hpp"

#include <mutex>

#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "carc/storage/friend_store.hpp"

namespace carc::server::friends {

void block_list::load(const std::string& person, const std::vector<std::string>& blocked) {
    std::unique_lock lock(mutex_);
    if (blocked.empty()) blocked_.erase(person);
    else blocked_[person] = std::set<std::string>(blocked.begin(), blocked.end());
}

void block_list::set(const std::string& person, const std::string& target, bool blocked) {
    std::unique_lock lock(mutex_);
    if (blocked) {
        blocked_[person].insert(target);
        return;
    }
    const auto it = blocked_.find(person);
    if (it == blocked_.end()) return;
    it->second.erase(target);
    if (it->second.empty()) blocked_.erase(it);
}

bool block_list::blocks(const std::string& person, const std::string& sender) const {
    std::shared_lock lock(mutex_);
    const auto it = blocked_.find(person);
    return it != blocked_.end() && it->second.contains(sender);
}

void load_blocks(shared_state& state, const std::string& person) {
    auto* store = dynamic_cast<storage::FriendStore*>(state.store.get());
    if (!store) return;
    auto blocked = store->blocked_ids(person);
    if (!blocked) {
        spdlog::warn("event=blocks_not_loaded person={} error=\"{}\"", person, blocked.message());
        return;
    }
    state.blocks.load(person, *blocked);
}

}  // namespace carc::server::friends
