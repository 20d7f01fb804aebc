#pragma once
// Who blocks whom, cached in memory for what must not wait on the store: a room delivering a
// chat line skips the members who block its sender, a snapshot's chat history leaves out the
// lines of people its viewer blocks. The store is the truth (docs/friends.md): an account's list
// is read when it signs in on a WebSocket here, changed at once by the blocks' HTTP calls on
// this node, read again when another node announces a change (cluster feed, people_news), and,
// with several nodes, the blockers of a chat line's sender are read from the store before the
// line is delivered. Only the lists of accounts signed in here are kept. Thread-safe.

#include <map>
#include <set>
#include <shared_mutex>
#include <string>
#include <vector>

namespace carc::storage {
class FriendStore;
}

namespace carc::server::friends {

class block_list {
public:
    // The whole list of `person` as the store has it (kept even when empty: known here).
    void load(const std::string& person, const std::vector<std::string>& blocked);
    // One entry of a known person's list; a person not known here is left to their next load.
    void set(const std::string& person, const std::string& target, bool blocked);
    // For every known person: whether they block `sender`, as `blockers` (the store's) says.
    void set_blockers(const std::string& sender, const std::vector<std::string>& blockers);
    // Whether `person` blocks `sender`.
    bool blocks(const std::string& person, const std::string& sender) const;
    // Whom `person` blocks (empty when unknown here).
    std::set<std::string> blocked_by(const std::string& person) const;
    // Whether `person`'s list is kept here.
    bool knows(const std::string& person) const;
    // The people whose lists are kept here.
    std::vector<std::string> known() const;

private:
    mutable std::shared_mutex mutex_;
    std::map<std::string, std::set<std::string>, std::less<>> blocked_;
};

// Reads the account's blocks from `store` into `blocks` (off the I/O threads: it queries); a
// null store (no accounts) reads nothing.
void load_blocks(block_list& blocks, storage::FriendStore* store, const std::string& person);
// Reads who blocks `sender` from `store` into `blocks` (off the I/O threads).
void load_blockers(block_list& blocks, storage::FriendStore* store, const std::string& sender);
// Reads every list kept here again (after news from other nodes may have been lost).
void reload_all_blocks(block_list& blocks, storage::FriendStore* store);

}  // namespace carc::server::friends
