// Per-viewer views of a room: one per seat and one for spectators, each kept as last published
// so the next change goes out as an RFC 6902 patch against exactly what that viewer holds.
#include <chrono>

#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "rooms/room_services.hpp"

namespace carc::server {

using nlohmann::json;

void room::publish(std::string_view events_text, const requester* ack_to) {
    const auto started = std::chrono::steady_clock::now();
    ++version_;
    spectator_snapshot_.reset();
    // The spectator list goes only when its time has come (room_presence.cpp), or with every
    // change when presence is not paced.
    const bool with_presence = !presence_paced() || std::exchange(presence_due_, false);
    const bool spectators = with_presence && seating_.refresh_spectators();
    // The drawn tile's placements are worked out only for a person to lay it.
    const bool person_places = session_.started() && !seating_.seat_is_automatic(session_.state().decider());
    protocol::GameExtras extras = session_.extras(seating_.seat_count(), person_places);
    advance_move_turn();  // a new move's deadline goes out with the position it starts
    extras.move_deadline = move_deadline();
    const protocol::ViewChange change =
        views_->update(seating_.info(), spectators, session_.started() ? &session_.state() : nullptr, extras);
    // The shared operations and the events are serialised once; a viewer key whose `you` did not
    // change (every spectator, most seats) shares one text with all the others.
    const std::string operations = change.shared.dump();
    std::vector<std::shared_ptr<const std::string>> texts(change.you.size());
    std::shared_ptr<const std::string> common;
    const auto text_for = [&](std::size_t key) -> const std::shared_ptr<const std::string>& {
        auto& text = texts[key];
        if (text) return text;
        if (change.you[key].empty()) {
            if (!common) common = shared_text(protocol::patch_text(id_, version_, operations, {}, events_text));
            text = common;
        } else {
            text = shared_text(protocol::patch_text(id_, version_, operations, change.you[key].dump(), events_text));
        }
        return text;
    };
    std::shared_ptr<const std::string> ack;
    if (ack_to && ack_to->link) ack = shared_text(protocol::encode(protocol::Ack{version_}, ack_to->id));
    for (const auto& [person, m] : seating_.members()) {
        if (!m.link) {
            continue;
        } else if (m.needs_snapshot) {
            send_snapshot(person, m);
        } else if (ack && m.link == ack_to->link) {
            send_to(m.link, text_for(protocol::ViewPublisher::key(m.seat)), std::move(ack));
            ack.reset();
        } else if (!m.seat && !holding_sends_) {
            // A spectator's patch may wait for the write scheduler's pass, which then carries
            // every patch it holds by then in one write (net/write_scheduler.hpp).
            m.link->send_batched(text_for(protocol::ViewPublisher::key(m.seat)));
        } else {
            send_to(m.link, text_for(protocol::ViewPublisher::key(m.seat)));
        }
    }
    seating_.snapshots_sent();
    if (ack) send_to(ack_to->link, std::move(ack));  // the mover had no patch (a snapshot, or left)
    arm_presence();  // spectators changed by a change that was not theirs alone (a seat taken, a host leaving)
    state_.counters.observe_broadcast(std::chrono::steady_clock::now() - started);
    session_.refresh_public_record(seating_.info());
    report_summary();
    review_lifecycle();
}

void room::send_snapshot(const std::string& person, const member& m, const json& id,
                         const std::shared_ptr<client_link>& to) {
    const std::shared_ptr<client_link>& link = to ? to : m.link;
    if (!link) return;
    const std::set<std::string> hidden = state_.blocks.blocked_by(person);
    if (!m.seat && id.is_null() && hidden.empty()) {
        send_to(link, spectator_snapshot());
        return;
    }
    // The view as last published, plus the history (docs/protocol.md: snapshot's log and chat).
    const std::string history = "\"log\":" + session_.events_text() + ",\"chat\":" + chat_log(hidden).dump();
    send_to(link, shared_text(protocol::snapshot_text(id_, version_, views_->view_text(m.seat), id, history)));
}

void room::report_summary() {
    if (closed_) return;
    state_.rooms.update(protocol::summarize(seating_.info()), !private_);
}

void room::reply(const requester& who, std::string text) {
    if (who.link) send_to(who.link, shared_text(std::move(text)));
}

void room::reply_error(const requester& who, protocol::ErrorCode code, std::string message, json params) {
    protocol::ErrorMessage e;
    e.code = code;
    e.message = std::move(message);
    e.params = std::move(params);
    reply_error(who, std::move(e));
}

void room::reply_error(const requester& who, protocol::ErrorMessage error) {
    error.room = id_;
    state_.counters.errors_total.fetch_add(1);
    spdlog::debug("event=error room={} person={} code={} message=\"{}\"", id_, who.person,
                  protocol::to_string(error.code), error.message);
    reply(who, protocol::encode(error, who.id));
}

}  // namespace carc::server
