#include "accounts/deleted_seats.hpp"

#include "rooms/lobby.hpp"
#include "rooms/room.hpp"

namespace carc::server::accounts {

void leave_as_deleted(const std::shared_ptr<room>& target, const std::string& person_id, const std::string& name) {
    requester who;
    who.person = person_id;
    who.name = name;
    who.account = true;
    target->handle(std::move(who), protocol::ClientMessage{protocol::Leave{target->id()}}, false);
}

int resign_deleted_seats(lobby& rooms, const std::string& person_id, const std::vector<std::string>& room_ids) {
    int left = 0;
    for (const std::string& id : room_ids) {
        if (auto target = rooms.find(id)) {
            leave_as_deleted(target, person_id, deleted_name);
            ++left;
        }
    }
    return left;
}

}  // namespace carc::server::accounts
