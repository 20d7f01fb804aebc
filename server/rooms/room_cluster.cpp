// room: leaving memory without writing anything, because another node owns the room now, or
// because a commit's outcome is unknown and only the journal can say what the game is
// (docs/scaling.md).
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "rooms/room_services.hpp"
#include "rooms/room.hpp"

namespace carc::server {

// Close code for connections of a room that left this node's memory: reconnect, say hello again.
constexpr std::uint16_t room_moved_close_code = 4002;

void room::drop_moved() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        if (self->closed_) return;
        self->leave_memory("lease_lost", false);
    });
}

void room::reload_from_journal() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        // A waiting room too: its start, or its last change, may be stored or not.
        if (self->closed_) return;
        self->leave_memory("commit_outcome_unknown", true);
    });
}

void room::leave_memory(const char* reason, bool reload) {
    halt();
    cancel_all_grace();
    for (const auto& [person, m] : seating_.members()) {
        // Reloading: seated people keep the game in their list, so their hello brings it back.
        if (!reload || !m.seat) state_.persons.remove_room(person, id_);
        if (m.link) m.link->close(room_moved_close_code, reload ? "room reloading from its journal" : "room moved to another node");
    }
    seating_.clear_members();
    if (reload) {
        // Listed and found as an unloaded game: the next seated hello (or, with several nodes, a
        // takeover once this node gives the lease back) loads it from the journal.
        state_.rooms.adjourn(id_, seating_.info().invite, protocol::summarize(seating_.info()), !private_);
    } else {
        state_.rooms.remove(id_);
    }
    spdlog::warn("event=room_dropped room={} reason={}", id_, reason);
}

}  // namespace carc::server
