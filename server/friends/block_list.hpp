#pragma once
// Who blocks whom, in memory, for what must not wait on the store: a room delivering a chat line
// skips the members who block its sender. Filled from the store when an account signs in on a
// WebSocket and changed by the blocks' HTTP calls on this node (docs/friends.md). Thread-safe.

#include <map>
#include <set>
#include <shared_mutex>
#include <string>
#include <vector>

namespace carc::server {
class shared_state;
}

namespace carc::server::friends {

class block_list {
public:
    // The whole list of `person` as the store has it.
    void load(const std::string& person, const std::vector<std::string>& blocked);
    void set(const std::string& person, const std::string& target, bool blocked);
    // Whether `person` blocks `sender`.
    bool blocks(const std::string& person, const std::string& sender) const;

private:
    mutable std::shared_mutex mutex_;
    std::map<std::string, std::set<std::string>, std::less<>> blocked_;
};

// Reads the account's blocks from the store into state.blocks (off the I/O threads: it queries).
void load_blocks(shared_state& state, const std::string& person);

}  // namespace carc::server::friends
