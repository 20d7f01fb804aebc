#include "moderation/audit_follower.hpp"

#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/deleted_seats.hpp"
#include "people/person_registry.hpp"
#include "rooms/lobby.hpp"
#include "carc/protocol/messages.hpp"
#include "moderation/chat_removal.hpp"

namespace carc::server::moderation {

namespace {
constexpr int entries_per_read = 200;
}

void audit_follower::start() {
    auto newest = store_.audit_log(1);
    if (!newest) {
        spdlog::warn("event=audit_follow_failed error=\"{}\"", newest.message());
        return;
    }
    if (!newest->empty()) last_id_ = newest->front().id;
}

// A deleted account's seats in rooms its node did not hold: resigned where they are held.
void audit_follower::resign_deleted(const storage::AuditEntry& entry) {
    std::vector<std::string> rooms;
    std::istringstream words(entry.detail);
    for (std::string room; words >> room;) rooms.push_back(room);
    if (const int left = accounts::resign_deleted_seats(rooms_, entry.target, rooms); left > 0)
        spdlog::info("event=deleted_account_seats_resigned person={} rooms_left={}", entry.target, left);
}

void audit_follower::follow() {
    if (following_.exchange(true)) return;
    auto entries = store_.audit_after(last_id_, entries_per_read);
    if (!entries) {
        spdlog::warn("event=audit_follow_failed error=\"{}\"", entries.message());
    } else {
        for (const auto& entry : *entries) {
            last_id_ = entry.id;
            if (entry.action == remove_chat_action) remove_chat_here(rooms_, entry);
            if (entry.action == "resign_deleted") {
                resign_deleted(entry);
                continue;
            }
            if (entry.action != "rename") continue;
            if (auto links = persons_.online_links(entry.target))
                links->send(shared_text(protocol::encode(protocol::Notice::renamed(entry.detail))));
        }
    }
    following_ = false;
}

}  // namespace carc::server::moderation
