#pragma once
// A deleted account's seats: resigned in its running games (and it taken out of its waiting
// rooms) as its own `leave` would, on each room's strand, journaled like any resignation. The
// node that takes the deletion does this for the rooms it holds; every other node for its own,
// when it reads the deletion from the store's audit log (moderation/audit_follower.hpp).

#include <memory>
#include <string>
#include <vector>

namespace carc::server {

class lobby;
class room;

namespace accounts {

// The name every record shows instead of a deleted account's.
inline constexpr const char* deleted_name = "deleted player";

// `person_id` (shown as `name`) leaves `target`.
void leave_as_deleted(const std::shared_ptr<room>& target, const std::string& person_id, const std::string& name);

// Resigns `person_id`'s seats in those of `room_ids` open in `rooms`; how many there were.
int resign_deleted_seats(lobby& rooms, const std::string& person_id, const std::vector<std::string>& room_ids);

}  // namespace accounts
}  // namespace carc::server
