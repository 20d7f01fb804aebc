// Spectators' presence at the room's pace: an arriving spectator gets the whole view at once,
// but the list and count of spectators reach the other viewers at most once per
// --presence-interval (longer for a crowd past --presence-budget), in one patch for every change
// since the last. A crowd coming and going would otherwise cost a patch to every viewer per
// arrival or departure (docs/protocol.md, "Spectators").
#include "rooms/room.hpp"
#include "rooms/presence_pace.hpp"
#include "rooms/room_services.hpp"

namespace carc::server {

bool room::presence_paced() const { return state_.config.presence_interval.count() > 0; }

void room::spectator_changed(const std::string& person) {
    if (!presence_paced()) {
        publish();  // each change at once: the list goes with it
        return;
    }
    if (const member* m = seating_.find(person); m && m->needs_snapshot && m->link) {
        send_snapshot(person, *m);
        seating_.snapshot_sent(person);
    }
    arm_presence();
    review_lifecycle();
}

void room::arm_presence() {
    if (!presence_paced() || presence_armed_ || closed_ || !seating_.spectators_pending()) return;
    presence_armed_ = true;
    presence_timer_.expires_after(
        presence_pace(state_.config.presence_interval, state_.config.presence_budget, seating_.members().size()));
    presence_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) self->on_presence_timer();
    });
}

void room::on_presence_timer() {
    if (defer_while_busy([self = shared_from_this()] { self->on_presence_timer(); })) return;
    presence_armed_ = false;
    if (closed_ || !seating_.spectators_pending()) return;
    presence_due_ = true;
    publish();
}

void room::flush_presence() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        if (!self->presence_armed_) return;
        self->presence_timer_.cancel();
        self->on_presence_timer();
    });
}

std::shared_ptr<const std::string> room::spectator_snapshot() {
    if (!spectator_snapshot_) {
        const std::string history = "\"log\":" + session_.events_text() + ",\"chat\":" + chat_log().dump();
        spectator_snapshot_ = shared_text(
            protocol::snapshot_text(id_, version_, views_->view_text(std::nullopt), nullptr, history));
    }
    return spectator_snapshot_;
}

}  // namespace carc::server
