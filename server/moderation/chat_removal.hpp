#pragma once
// A chat line the operator removed (docs/moderation.md, "Remove a chat line"). The store marks
// the line removed and logs it; the log entry (action remove_chat, target the room) names the
// line in its detail, "line of NAME (PERSON) at TIME", which every node's audit follower reads
// to drop the line from the room when the room is open there.

#include <cstdint>
#include <optional>
#include <string>

#include "carc/storage/moderation_store.hpp"

namespace carc::server {
class lobby;
}

namespace carc::server::moderation {

inline constexpr const char* remove_chat_action = "remove_chat";

std::string chat_removal_detail(const std::string& name, const std::string& person_id, std::int64_t time_ms);

struct removed_chat_line {
    std::string person_id;
    std::int64_t time_ms = 0;
};
// nullopt when the detail is not one chat_removal_detail wrote.
std::optional<removed_chat_line> parse_chat_removal_detail(const std::string& detail);

// A remove_chat entry of the audit log: the room, when open at this node, shows the line
// removed and tells its members.
void remove_chat_here(lobby& rooms, const storage::AuditEntry& entry);

}  // namespace carc::server::moderation
