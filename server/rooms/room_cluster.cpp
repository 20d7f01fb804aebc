// room: leaving memory because another node owns the room now (docs/scaling.md).
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "rooms/room.hpp"

namespace carc::server {

// Close code for connections of a room that moved to another node: reconnect, say hello again.
constexpr std::uint16_t room_moved_close_code = 4002;

void room::drop_moved() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        if (self->closed_) return;
        self->closed_ = true;
        self->bot_timer_.cancel();
        self->clock_timer_.cancel();
        self->lifecycle_timer_.cancel();
        if (self->info_.status == protocol::RoomStatus::playing) self->state_.counters.games_running.fetch_sub(1);
        for (auto& [person, m] : self->members_) {
            if (m.grace_timer) m.grace_timer->cancel();
            self->state_.persons.remove_room(person, self->id_);
            if (m.link) m.link->close(room_moved_close_code, "room moved to another node");
        }
        self->members_.clear();
        self->state_.rooms.remove(self->id_);
        spdlog::warn("event=room_dropped room={} reason=lease_lost", self->id_);
    });
}

}  // namespace carc::server
