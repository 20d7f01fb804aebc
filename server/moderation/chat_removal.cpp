#include "moderation/chat_removal.hpp"

#include <spdlog/spdlog.h>

#include "rooms/lobby.hpp"
#include "rooms/room.hpp"
#include "rooms/room.hpp"

namespace carc::server::moderation {

std::string chat_removal_detail(const std::string& name, const std::string& person_id, std::int64_t time_ms) {
    return "line of " + name + " (" + person_id + ") at " + std::to_string(time_ms);
}

std::optional<removed_chat_line> parse_chat_removal_detail(const std::string& detail) {
    // From the end: a name may hold anything, a person id no parenthesis.
    const auto at = detail.rfind(") at ");
    if (at == std::string::npos) return std::nullopt;
    const auto open = detail.rfind('(', at);
    if (open == std::string::npos || open + 1 >= at) return std::nullopt;
    const std::string digits = detail.substr(at + 5);
    if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return removed_chat_line{detail.substr(open + 1, at - open - 1), std::stoll(digits)};
}

void remove_chat_here(lobby& rooms, const storage::AuditEntry& entry) {
    const auto line = parse_chat_removal_detail(entry.detail);
    if (!line) {
        spdlog::warn("event=chat_removal_unreadable entry={}", entry.id);
        return;
    }
    // A room not in memory here shows the line removed when it is loaded: the store has it so.
    if (auto r = rooms.find(entry.target)) r->remove_chat(line->person_id, line->time_ms);
}

}  // namespace carc::server::moderation
