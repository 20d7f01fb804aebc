#pragma once
// Every node reads the operators' audit log as it grows (twice a second), and acts on the entries
// that concern the people connected to it: a renamed account is told its new name
// (`{"type": "notice", "kind": "renamed", "name": ...}`); a room open here drops a chat line the
// operator removed (chat_removal.hpp); a deleted account's seats in the rooms held here are
// resigned (the node that took the deletion did not hold them). The log is in the store every node
// shares, so the operator's tool reaches every node without a port of its own.

#include <atomic>
#include <cstdint>

#include "carc/storage/moderation_store.hpp"

namespace carc::server {
class lobby;
class person_registry;
}

namespace carc::server::moderation {

class audit_follower {
public:
    // `rooms` and `persons`: this node's, whose people and rooms the entries concern.
    audit_follower(lobby& rooms, person_registry& persons, storage::ModerationStore& store)
        : rooms_(rooms), persons_(persons), store_(store) {}
    // Reads where the log ends now: only later entries are acted on.
    void start();
    // Acts on the entries since the last call (off the I/O threads; a call while one runs returns).
    void follow();

private:
    void resign_deleted(const storage::AuditEntry& entry);

    lobby& rooms_;
    person_registry& persons_;
    storage::ModerationStore& store_;
    std::atomic<bool> following_{false};
    std::int64_t last_id_ = 0;  // guarded by following_
};

}  // namespace carc::server::moderation
