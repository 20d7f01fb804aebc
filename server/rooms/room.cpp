// A room is one table of the server: people meet there, sit or watch, chat, and play one game.
// It is a single writer on its own strand: every request, timer and journal answer that touches
// it runs there, one at a time, so none of its state needs a lock (only the record readers of
// other threads take the session's mutex).
//
// Its state is cut by data into two plain parts the room owns, each testable alone:
//   seating.*       who is in and where they sit: seats, members, host, spectators, grace rules
//   game_session.*  the game: match, log, seed, clock, counted points, result, the record
// The room itself keeps the strand, the dispatch of requests, the timers, the journal calls and
// the sending, cut by concern into files:
//   room.cpp            the dispatch, membership and host commands, connections and grace
//   room_game.cpp       start, actions, bots, turn clock, resignation, end
//   room_views.cpp      publishing views and patches, snapshots, replies
//   room_presence.cpp   the spectator list published at most once per --presence-interval
//   room_history.cpp    the event log and chat lines late arrivals get (the `history` request)
//   room_record.cpp     what it journals about seats, and restoring a journaled game
//   room_lifecycle.cpp  waiting for the journal; adjourning and unloading
//   room_waiting.cpp    a waiting room stored whole after each change, and restored
//   room_cluster.cpp    leaving memory without writing (another node's room, a doubtful commit)
#include "rooms/room.hpp"

#include <boost/asio/dispatch.hpp>
#include <spdlog/spdlog.h>

#include "carc/bots.hpp"
#include "people/security.hpp"
#include "rooms/room_services.hpp"
#include "cluster/cluster_node.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::ErrorCode;
using protocol::SeatInfo;

room::room(room_services& state, std::string id, std::string invite, protocol::RoomSettings settings)
    : state_(state),
      strand_(net::make_strand(state.ioc)),
      id_(std::move(id)),
      private_(settings.is_private),
      move_time_s_(settings.move_time_s),
      seating_(id_, std::move(invite), std::move(settings)),
      chat_rate_(state.config.room_chat_rate, state.config.room_chat_burst),
      bot_rng_(random_u64()),
      bot_timer_(strand_),
      clock_timer_(strand_),
      notice_timer_(strand_),
      lifecycle_timer_(strand_),
      presence_timer_(strand_) {
    views_.emplace(seating_.info());
}

void room::open(requester creator) {
    net::post(strand_, [self = shared_from_this(), who = std::move(creator)]() mutable {
        self->guard_waiting([&] { self->on_open(who); });
    });
}

void room::on_open(const requester& who) {
    reply(who, protocol::encode(protocol::RoomCreated{id_, seating_.info().invite}, who.id));
    seating_.open(who.person, who.name, who.member_link());
    joined(who);
    spdlog::info("event=room_created room={} person={} seats={} private={}", id_, who.person, seating_.seat_count(),
                 private_);
    publish();
}

// dispatch: a session's request runs at once when the room's strand is free (no hand-off to
// another thread); the room's answers go back the same way (websocket_session::send).
void room::handle(requester who, protocol::ClientMessage message, bool by_invite) {
    net::dispatch(strand_, [self = shared_from_this(), who = std::move(who),
                        message = std::move(message), by_invite]() mutable {
        self->dispatch(std::move(who), std::move(message), by_invite);
    });
}

void room::dispatch(requester who, protocol::ClientMessage message, bool by_invite) {
    if (closed_) {
        reply_error(who, ErrorCode::no_such_room, "the room was closed", {{"room", id_}});
        return;
    }
    // To anyone not let in, a private room must not exist: the same answer as a wrong id.
    // (No `room` field either: the answer to an unknown id has none.)
    if (private_ && !by_invite && !seating_.find(who.person)) {
        protocol::ErrorMessage error;
        error.code = ErrorCode::no_such_room;
        error.message = no_such_room_message;
        state_.counters.errors_total.fetch_add(1);
        reply(who, protocol::encode(error, who.id));
        return;
    }
    // Behind a move on its way to disk, so every request sees the room as of after it.
    if (busy_) {
        deferred_.push_back([self = shared_from_this(), who = std::move(who), message = std::move(message),
                             by_invite]() mutable { self->dispatch(std::move(who), std::move(message), by_invite); });
        return;
    }
    const auto handle_it = [&] { std::visit([&](auto& m) { on_message(who, m, by_invite); }, message); };
    // Only a stored waiting room pays for the guard (a game's moves take the direct path).
    if (stores_waiting()) guard_waiting(handle_it);
    else handle_it();
}

template <typename Other>
void room::on_message(requester& who, Other&, bool) {
    reply_error(who, ErrorCode::internal, "not a room message");
}

// ---- membership ---------------------------------------------------------------------------

const room::member* room::require_member(const requester& who) {
    const member* m = seating_.find(who.person);
    if (!m) reply_error(who, ErrorCode::not_in_room, "you are not in room " + id_, {{"room", id_}});
    return m;
}

bool room::require_game(const requester& who) {
    if (!require_member(who)) return false;
    if (session_.started()) return true;
    reply_error(who, ErrorCode::wrong_status, "no game is running in this room", {{"reason", "no_game"}});
    return false;
}

bool room::require_host(const requester& who) {
    if (seating_.is_host(who.person)) return true;
    reply_error(who, ErrorCode::not_host, "only the host may do that");
    return false;
}

void room::joined(const requester& who) {
    cancel_grace(who.person);
    state_.persons.add_room(who.person, id_);
}

void room::remove_member(const std::string& person) {
    if (!seating_.find(person)) return;
    cancel_grace(person);
    seating_.remove(person);
    state_.persons.remove_room(person, id_);
}

void room::close_room(const char* why) {
    if (closed_) return;
    // A finished game leaves memory once its record is in the store, which serves it from then on.
    if (seating_.info().status == protocol::RoomStatus::finished && !record_stored_) {
        close_when_stored_ = true;
        return;
    }
    if (seating_.info().status == protocol::RoomStatus::waiting) forget_waiting();
    halt();
    cancel_all_grace();
    for (const auto& [person, m] : seating_.members()) state_.persons.remove_room(person, id_);
    seating_.clear_members();
    state_.rooms.remove(id_);
    spdlog::info("event=room_closed room={} reason={}", id_, why);
}

void room::halt() {
    closed_ = true;
    charge_.reset();  // its creator may open another room
    bot_timer_.cancel();
    clock_timer_.cancel();
    notice_timer_.cancel();
    lifecycle_timer_.cancel();
    presence_timer_.cancel();
    if (seating_.info().status == protocol::RoomStatus::playing) state_.counters.games_running.fetch_sub(1);
}

void room::on_message(requester& who, protocol::Join& m, bool) {
    const member* already = seating_.find(who.person);
    const bool seated = already && already->seat;
    if (seating_.info().settings.rated && !seated && !state_.persons.is_account(who.person)) {
        reply_error(who, ErrorCode::bad_settings, "this game is rated: sign in with an account to take a seat, or watch",
                    {{"reason", "rated_needs_account"}});
        return;
    }
    if (turn_based() && !who.account && !seating_.find(who.person)) {
        reply_error(who, ErrorCode::wrong_status, "only accounts sit in turn-based games: sign up or sign in first",
                    {{"reason", "account_required"}});
        return;
    }
    const member* before = seating_.find(who.person);
    const bool was_offline = before && before->seat && !before->link;
    const seating::join_outcome outcome = seating_.join(who.person, who.name, who.member_link(), m.seat);
    if (outcome.refused) {
        reply_error(who, std::move(*outcome.refused));
        return;
    }
    if (outcome.rejoined) {
        // Already seated in this game: just a fresh start for this connection.
        reply(who, protocol::encode(protocol::Joined{id_, outcome.seat}, who.id));
        send_snapshot(who.person, *seating_.find(who.person));
        if (was_offline) {
            cancel_grace(who.person);
            publish();
            give_seat_back_on_return(who.person);
        }
        return;
    }
    joined(who);
    reply(who, protocol::encode(protocol::Joined{id_, outcome.seat}, who.id));
    spdlog::info("event=join room={} person={} seat={}", id_, who.person, *outcome.seat);
    publish();
}

void room::on_message(requester& who, protocol::Spectate&, bool) {
    const member* before = seating_.find(who.person);
    const bool was_seated = before && before->seat;
    if (auto refused = seating_.spectate(who.person, who.name, who.member_link())) {
        reply_error(who, std::move(*refused));
        return;
    }
    joined(who);
    reply(who, protocol::encode(protocol::Joined{id_, std::nullopt}, who.id));
    // A spectator's coming and going is a debug line: a crowd of thousands would otherwise
    // cost a line (and a write to the log) per arrival and departure.
    spdlog::debug("event=spectate room={} person={}", id_, who.person);
    if (was_seated) publish();  // the seat is free now
    else spectator_changed(who.person);
}

void room::on_message(requester& who, protocol::Leave&, bool) {
    const member* m = require_member(who);
    if (!m) return;
    if (m->seat && seating_.info().status == protocol::RoomStatus::playing) {
        const int seat = *m->seat;
        remove_member(who.person);
        reply(who, protocol::encode(protocol::Left{id_}, who.id));
        spdlog::info("event=leave room={} person={} resigned_seat={}", id_, who.person, seat);
        // Leaving cannot be refused; an unstored resignation is only logged (after a restart
        // the seat is theirs again).
        resign_seat(seat, [this, seat](bool stored) {
            if (!stored) spdlog::error("event=resign_not_stored room={} seat={}", id_, seat);
        });
    } else {
        const bool watcher = !m->seat && !seating_.is_host(who.person);  // a host leaving hands over
        remove_member(who.person);
        reply(who, protocol::encode(protocol::Left{id_}, who.id));
        if (watcher) spdlog::debug("event=leave room={} person={}", id_, who.person);
        else spdlog::info("event=leave room={} person={}", id_, who.person);
        if (watcher) spectator_changed(who.person);
        else publish();
    }
    // A game goes on without its people: bots play it to the end (review_lifecycle unloads it).
    if (seating_.members().empty() && seating_.info().status != protocol::RoomStatus::playing) close_room("empty");
}

void room::on_message(requester& who, protocol::Kick& k, bool) {
    if (!require_member(who) || !require_host(who)) return;
    if (auto refused = seating_.check_kick(who.person, k.person)) {
        reply_error(who, std::move(*refused));
        return;
    }
    if (const auto& link = seating_.find(k.person)->link)
        send_to(link, shared_text(protocol::encode(protocol::Kicked{id_})));
    remove_member(k.person);
    reply(who, protocol::encode(protocol::Ack{}, who.id));
    spdlog::info("event=kick room={} host={} person={}", id_, who.person, k.person);
    publish();
}

void room::on_message(requester& who, protocol::SetBot& b, bool) {
    if (!require_member(who) || !require_host(who)) return;
    // Several nodes: more search-bot seats are first counted in the store against the creator's
    // caps over every node (docs/scaling.md, "Caps"), off the room's strand.
    if (charge_ && state_.cluster && search_bots_after(b) > charge_->search_bots()) {
        state_.blocking.post([self = shared_from_this(), who, b, wanted = search_bots_after(b)]() mutable {
            auto refused = self->state_.cluster->charge_search_bots(self->id_, wanted);
            net::post(self->strand_, [self, who = std::move(who), b = std::move(b), refused = std::move(refused)]() mutable {
                if (refused) return self->reply_error(who, std::move(*refused));
                self->set_bot(who, b);
            });
        });
        return;
    }
    set_bot(who, b);
}

void room::set_bot(requester& who, protocol::SetBot& b) {
    bool accepted = false;
    if (require_member(who) && require_host(who)) {
        // The creator's search-bot cap first; given back if the seating refuses.
        const int charged_before = charge_ ? charge_->search_bots() : 0;
        std::optional<protocol::ErrorMessage> refused;
        if (charge_) refused = state_.caps.set_search_bots(*charge_, search_bots_after(b));
        if (!refused) {
            refused = seating_.set_bot(b.seat, b.bot);
            if (refused && charge_) state_.caps.set_search_bots(*charge_, charged_before);
        }
        if (refused) reply_error(who, std::move(*refused));
        accepted = !refused;
    }
    // Several nodes: the store counts what the room holds now (fewer seats are always allowed).
    if (charge_ && state_.cluster)
        state_.blocking.post([self = shared_from_this(), now = charge_->search_bots()] {
            (void)self->state_.cluster->charge_search_bots(self->id_, now);
        });
    if (!accepted) return;
    reply(who, protocol::encode(protocol::Ack{}, who.id));
    publish();
}

int room::search_bots_after(const protocol::SetBot& b) const {
    int search_bots = 0;
    for (int i = 0; i < seating_.seat_count(); ++i) {
        const SeatInfo& s = seating_.seat(i);
        if (i == b.seat) {
            if (b.bot && is_search_bot(*b.bot)) ++search_bots;
        } else if (s.kind == SeatInfo::Kind::bot && is_search_bot(s.bot)) {
            ++search_bots;
        }
    }
    return search_bots;
}

void room::on_message(requester& who, protocol::ChatRequest& c, bool) {
    const member* m = require_member(who);
    if (!m) return;
    if (!chat_rate_.allow(rate_limiter::clock::now())) {
        reply_error(who, ErrorCode::room_chat_limited,
                    fmt::format("this room takes at most {} chat lines a second; this one was dropped",
                                state_.config.room_chat_rate),
                    {{"rate", state_.config.room_chat_rate}, {"burst", state_.config.room_chat_burst}});
        return;
    }
    const auto text = trimmed_within(c.text, protocol::max_chat_length);
    if (!text) {
        reply_error(who, ErrorCode::bad_field, "field 'text': 1 to 500 characters",
                    {{"field", "text"}, {"min", 1}, {"max", protocol::max_chat_length}});
        return;
    }
    const protocol::ChatMessage chat{id_, who.person, m->name, *text, unix_ms()};
    keep_chat(chat, m->seat);
    const auto message = shared_text(protocol::encode(chat));
    for (const auto& [person, other] : seating_.members())
        if (other.link && !state_.blocks.blocks(person, who.person)) send_to(other.link, message);
    reply(who, protocol::encode(protocol::Ack{}, who.id));
}

void room::on_message(requester& who, protocol::RoomInfoRequest&, bool by_invite) {
    // A private room's strangers never get here: handle() answers them as for a missing room.
    const member* existing = seating_.find(who.person);
    protocol::RoomInfoReply answer;
    answer.room = protocol::summarize(seating_.info());
    answer.is_private = private_;
    if (by_invite) answer.invite = seating_.info().invite;
    answer.member = existing != nullptr;
    if (existing) answer.seat = existing->seat;
    reply(who, protocol::encode(answer, who.id));
}

void room::on_message(requester& who, protocol::SnapshotRequest&, bool) {
    const member* m = require_member(who);
    if (!m) return;
    seating_.relink(who.person, who.member_link());
    send_snapshot(who.person, *m, who.id, who.link);
    if (seating_.is_spectator(who.person)) arm_presence();  // back online, when it was not
}

// ---- connections coming and going ----------------------------------------------------------

void room::attach(std::string person, std::string name, std::shared_ptr<client_link> link) {
    net::post(strand_, [self = shared_from_this(), person = std::move(person), name = std::move(name),
                        link = std::move(link)]() mutable {
        self->on_attach(std::move(person), std::move(name), std::move(link));
    });
}

void room::on_attach(std::string person, std::string name, std::shared_ptr<client_link> link) {
    if (defer_while_busy([self = shared_from_this(), person, name, link] { self->on_attach(person, name, link); }))
        return;
    if (closed_ || !seating_.attach(person, name, std::move(link))) return;
    cancel_grace(person);
    spdlog::info("event=reconnect room={} person={}", id_, person);
    if (seating_.is_spectator(person)) spectator_changed(person);
    else publish();
    give_seat_back_on_return(person);
}

void room::detach(std::string person, std::uint64_t link_id) {
    net::post(strand_, [self = shared_from_this(), person = std::move(person), link_id]() mutable {
        self->on_detach(std::move(person), link_id);
    });
}

void room::on_detach(std::string person, std::uint64_t link_id) {
    if (defer_while_busy([self = shared_from_this(), person, link_id] { self->on_detach(person, link_id); })) return;
    if (closed_ || !seating_.detach(person, link_id)) return;
    spdlog::info("event=offline room={} person={}", id_, person);
    start_grace(person);
    if (seating_.is_spectator(person)) spectator_changed(person);
    else publish();
}

void room::start_grace(const std::string& person) {
    if (!seating_.find(person)) return;
    auto& timer = grace_timers_[person];
    timer = std::make_shared<net::steady_timer>(strand_, state_.config.grace);
    timer->async_wait([self = shared_from_this(), person](boost::system::error_code ec) {
        if (!ec) self->on_grace_over(person);
    });
}

void room::cancel_grace(const std::string& person) {
    const auto it = grace_timers_.find(person);
    if (it == grace_timers_.end()) return;
    it->second->cancel();
    grace_timers_.erase(it);
}

void room::cancel_all_grace() {
    for (auto& [person, timer] : grace_timers_) timer->cancel();
    grace_timers_.clear();
}

void room::on_grace_over(const std::string& person) {
    if (defer_while_busy([self = shared_from_this(), person] { self->on_grace_over(person); })) return;
    guard_waiting([&] { free_after_grace(person); });
}

void room::free_after_grace(const std::string& person) {
    if (closed_) return;
    const seating::grace_end end = seating_.grace_over(person);
    if (end == seating::grace_end::ignored) return;
    const bool watcher = seating_.is_spectator(person) && !seating_.is_host(person);
    if (end == seating::grace_end::leaves) {
        remove_member(person);
        spdlog::info("event=grace_over room={} person={}", id_, person);
    }
    // A game goes on (review_lifecycle adjourns it or lets the bots finish it); a lobby or a
    // finished game nobody is online for ends.
    if (seating_.info().status != protocol::RoomStatus::playing &&
        (seating_.members().empty() || !seating_.anyone_online())) {
        close_room("abandoned");
        return;
    }
    if (end == seating::grace_end::stays) mark_offline_long(person);
    if (end != seating::grace_end::leaves) return;
    if (watcher) spectator_changed(person);
    else publish();
}

void room::shutdown() {
    net::post(strand_, [self = shared_from_this()] {
        self->bot_timer_.cancel();
        self->clock_timer_.cancel();
        self->notice_timer_.cancel();
        self->lifecycle_timer_.cancel();
        self->presence_timer_.cancel();
        self->cancel_all_grace();
        self->closed_ = true;
    });
}

}  // namespace carc::server
