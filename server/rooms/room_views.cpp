// Per-viewer views of a room: one per seat and one for spectators, each kept as last published
// so the next change goes out as an RFC 6902 patch against exactly what that viewer holds.
#include <chrono>

#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "app/shared_state.hpp"

namespace carc::server {

using nlohmann::json;

protocol::GameExtras room::extras() const {
    protocol::GameExtras out;
    out.seed_commitment = seed_commitment_;
    if (seed_revealed_ && match_) {
        out.seed = std::to_string(match_->setup().seed);
        out.seed_nonce = seed_nonce_;
    }
    if (clock_) {
        protocol::ClockState c;
        c.remaining_ms = clock_->remaining_ms();
        c.running = clock_->running();
        c.since_ms = clock_since_ms_;
        c.timeouts = clock_timeouts_;
        c.timeouts.resize(info_.seats.size(), 0);
        out.clock = std::move(c);
    }
    out.result = result_;
    return out;
}

json room::build_view_for(int key) const {
    const std::optional<int> seat = key < 0 ? std::nullopt : std::optional<int>(key);
    return protocol::build_view(info_, match_ ? &match_->state() : nullptr, extras(), seat);
}

void room::publish(json events) {
    const auto started = std::chrono::steady_clock::now();
    ++version_;
    info_.spectators.clear();
    for (const auto& [person, m] : members_)
        if (!m.seat) info_.spectators.push_back({person, m.name, m.link != nullptr});

    for (auto& [key, previous] : views_) {
        json next = build_view_for(key);
        protocol::Patch patch;
        patch.room = id_;
        patch.version = version_;
        patch.patch = json::diff(previous, next);
        patch.events = events;
        previous = std::move(next);
        const auto text = shared_text(protocol::encode(patch));
        for (const auto& [person, m] : members_)
            if (m.link && !m.needs_snapshot && view_key(m) == key) m.link->send(text);
    }
    for (auto& [person, m] : members_) {
        if (m.needs_snapshot && m.link) send_snapshot(m);
        m.needs_snapshot = false;
    }
    state_.counters.observe_broadcast(std::chrono::steady_clock::now() - started);
    refresh_public_record();
    report_summary();
}

void room::send_snapshot(const member& m, const json& id) {
    if (!m.link) return;
    protocol::Snapshot snapshot{id_, version_, views_.at(view_key(m)), event_log(), chat_log()};
    m.link->send(shared_text(protocol::encode(snapshot, id)));
}

void room::report_summary() {
    if (closed_) return;
    state_.rooms.update(protocol::summarize(info_), !info_.settings.is_private);
}

void room::reply(const requester& who, std::string text) {
    if (who.link) who.link->send(shared_text(std::move(text)));
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
