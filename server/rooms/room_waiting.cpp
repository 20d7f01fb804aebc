// A waiting room (seats taken, no game yet) in the store: after each change the room is stored
// whole, and what the change sends is held until then, so whatever a member was answered is
// durable and survives the node (a restart, or another node's takeover: docs/scaling.md).
#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "rooms/room_services.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

using nlohmann::json;
using protocol::SeatInfo;

bool room::stores_waiting() const {
    return state_.stores.games != nullptr && seating_.info().status == protocol::RoomStatus::waiting && !closed_;
}

json room::waiting_snapshot() const {
    json seats = json::array();
    for (const SeatInfo& s : seating_.info().seats)
        seats.push_back({static_cast<int>(s.kind), s.person, s.name,
                         s.kind == SeatInfo::Kind::bot ? std::string(protocol::to_string(s.bot)) : std::string()});
    return {{"host", seating_.info().host}, {"seats", std::move(seats)}};
}

waiting_room room::waiting_record(bool closed) const {
    waiting_room out;
    const protocol::RoomInfo& info = seating_.info();
    out.room_id = id_;
    out.invite = info.invite;
    out.settings = info.settings;
    out.host = info.host;
    out.created_at_ms = waiting_since_ms_;
    out.closed = closed;
    for (std::size_t i = 0; i < info.seats.size(); ++i) {
        if (info.seats[i].kind == SeatInfo::Kind::empty) out.seats.emplace_back();
        else out.seats.emplace_back(journal_seat_of(static_cast<int>(i)));
    }
    return out;
}

void room::guard_waiting(const std::function<void()>& change) {
    if (!stores_waiting() || holding_sends_) {
        change();
        return;
    }
    holding_sends_ = true;
    change();
    holding_sends_ = false;
    // Closed, started (the start is journaled on its own) or unchanged: nothing to store.
    if (!stores_waiting() || busy_) return release_held();
    json now = waiting_snapshot();
    if (stored_waiting_ && *stored_waiting_ == now) return release_held();
    stored_waiting_ = std::move(now);
    if (waiting_since_ms_ == 0) waiting_since_ms_ = unix_ms();
    state_.journal->store_waiting(waiting_record(false), on_stored([this](bool stored) {
        // Not stored: the room goes on as it is in memory; its next change stores it whole.
        if (!stored) {
            spdlog::error("event=waiting_room_not_stored room={}", id_);
            stored_waiting_.reset();
        }
        release_held();
    }));
}

void room::forget_waiting() {
    if (!stored_waiting_) return;
    stored_waiting_.reset();
    state_.journal->store_waiting(waiting_record(true), [room_id = id_](bool stored) {
        if (!stored) spdlog::error("event=waiting_room_not_removed room={}", room_id);
    });
}

void room::send_to(const std::shared_ptr<client_link>& link, std::shared_ptr<const std::string> text,
                   std::shared_ptr<const std::string> then) {
    if (holding_sends_) {
        held_sends_.push_back({link, std::move(text)});
        if (then) held_sends_.push_back({link, std::move(then)});
        return;
    }
    if (then) link->send(std::move(text), std::move(then));
    else link->send(std::move(text));
}

void room::release_held() {
    auto held = std::move(held_sends_);
    held_sends_.clear();
    for (auto& [link, text] : held) link->send(std::move(text));
}

void room::restore_waiting(std::vector<std::optional<journal_seat>> seats, std::string host,
                           std::int64_t created_at_ms) {
    boost::asio::post(strand_, [self = shared_from_this(), seats = std::move(seats), host = std::move(host),
                                created_at_ms]() mutable {
        room& r = *self;
        for (std::size_t i = 0; i < static_cast<std::size_t>(r.seating_.seat_count()); ++i) {
            if (i >= seats.size() || !seats[i]) {
                r.seating_.free_seat(static_cast<int>(i));
                continue;
            }
            // Offline until their hello: a seat nobody comes back for is freed after --grace.
            if (r.restore_seat(i, *seats[i], false)) r.start_grace(seats[i]->person);
        }
        r.seating_.restore_host(std::move(host));
        r.waiting_since_ms_ = created_at_ms;
        r.stored_waiting_ = r.waiting_snapshot();
        spdlog::info("event=waiting_room_restored room={} people={}", r.id_, r.seating_.members().size());
        r.publish();
    });
}

}  // namespace carc::server
