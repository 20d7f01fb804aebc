#include "rooms/room.hpp"

#include <boost/asio/dispatch.hpp>
#include <spdlog/spdlog.h>

#include "people/security.hpp"
#include "app/shared_state.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::ErrorCode;
using protocol::SeatInfo;

namespace {

// Bots are told apart by their seat: "Bot 2 (greedy)", "Bot 3 (greedy)".
std::string bot_name(BotKind kind, int seat) {
    return "Bot " + std::to_string(seat + 1) + " (" + std::string(protocol::to_string(kind)) + ")";
}

}  // namespace

room::room(shared_state& state, std::string id, std::string invite, protocol::RoomSettings settings)
    : state_(state),
      strand_(net::make_strand(state.ioc)),
      id_(std::move(id)),
      private_(settings.is_private),
      bot_rng_(random_u64()),
      bot_timer_(strand_),
      clock_timer_(strand_),
      lifecycle_timer_(strand_) {
    info_.id = id_;
    info_.invite = std::move(invite);
    info_.settings = std::move(settings);
    info_.seats.resize(static_cast<std::size_t>(info_.settings.config.players));
    for (const protocol::BotSeat& bot : info_.settings.bots) {
        SeatInfo& seat = info_.seats[static_cast<std::size_t>(bot.seat)];
        seat.kind = SeatInfo::Kind::bot;
        seat.bot = bot.kind;
        seat.name = bot_name(bot.kind, bot.seat);
    }
    views_.emplace(info_);
}

void room::open(requester creator) {
    net::post(strand_, [self = shared_from_this(), who = std::move(creator)]() mutable {
        self->guard_waiting([&] { self->on_open(who); });
    });
}

void room::on_open(const requester& who) {
    info_.host = who.person;
    std::optional<int> seat;
    for (std::size_t i = 0; i < info_.seats.size(); ++i) {
        if (info_.seats[i].kind == SeatInfo::Kind::empty) {
            seat = static_cast<int>(i);
            break;
        }
    }
    reply(who, protocol::encode(protocol::RoomCreated{id_, info_.invite}, who.id));
    add_member(who, seat);
    spdlog::info("event=room_created room={} person={} seats={} private={}", id_, who.person, info_.seats.size(),
                 info_.settings.is_private);
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
    if (private_ && !by_invite && !find_member(who.person)) {
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

room::member* room::find_member(const std::string& person) {
    const auto it = members_.find(person);
    return it == members_.end() ? nullptr : &it->second;
}

room::member* room::require_member(const requester& who) {
    member* m = find_member(who.person);
    if (!m) reply_error(who, ErrorCode::not_in_room, "you are not in room " + id_, {{"room", id_}});
    return m;
}

bool room::require_game(const requester& who) {
    if (!require_member(who)) return false;
    if (match_) return true;
    reply_error(who, ErrorCode::wrong_status, "no game is running in this room", {{"reason", "no_game"}});
    return false;
}

bool room::require_host(const requester& who) {
    if (info_.host == who.person) return true;
    reply_error(who, ErrorCode::not_host, "only the host may do that");
    return false;
}

void room::add_member(const requester& who, std::optional<int> seat) {
    member& m = members_[who.person];
    m.name = who.name;
    m.link = who.link;
    m.seat = seat;
    m.needs_snapshot = true;
    if (m.grace_timer) m.grace_timer->cancel();
    if (seat) seat_person(*seat, who.person, who.name);
    state_.persons.add_room(who.person, id_);
    sync_spectator(who.person);
}

void room::sync_spectator(const std::string& person) {
    auto& list = info_.spectators;
    const auto it = std::lower_bound(list.begin(), list.end(), person,
                                     [](const protocol::MemberInfo& m, const std::string& p) { return m.person < p; });
    const bool listed = it != list.end() && it->person == person;
    const member* m = find_member(person);
    if (m && !m->seat) {
        protocol::MemberInfo now{person, m->name, m->link != nullptr};
        if (!listed) list.insert(it, std::move(now));
        else if (*it != now) *it = std::move(now);
        else return;
    } else if (listed) {
        list.erase(it);
    } else {
        return;
    }
    spectators_changed_ = true;
}

void room::remove_member(const std::string& person) {
    const auto it = members_.find(person);
    if (it == members_.end()) return;
    if (it->second.grace_timer) it->second.grace_timer->cancel();
    if (it->second.seat && info_.status == protocol::RoomStatus::waiting) free_seat(*it->second.seat);
    if (it->second.seat) info_.seats[static_cast<std::size_t>(*it->second.seat)].online = false;
    members_.erase(it);
    sync_spectator(person);
    state_.persons.remove_room(person, id_);
    if (info_.host == person) pick_new_host();
}

void room::seat_person(int seat, const std::string& person, const std::string& name) {
    SeatInfo& s = info_.seats[static_cast<std::size_t>(seat)];
    s = SeatInfo{};
    s.kind = SeatInfo::Kind::human;
    s.person = person;
    s.name = name;
    s.online = true;
}

void room::free_seat(int seat) { info_.seats[static_cast<std::size_t>(seat)] = SeatInfo{}; }

void room::pick_new_host() {
    info_.host.clear();
    for (const auto& [person, m] : members_) {
        if (m.seat) {
            info_.host = person;
            return;
        }
    }
    if (!members_.empty()) info_.host = members_.begin()->first;
}

void room::close_room(const char* why) {
    if (closed_) return;
    // A finished game leaves memory once its record is in the store, which serves it from then on.
    if (info_.status == protocol::RoomStatus::finished && !record_stored_) {
        close_when_stored_ = true;
        return;
    }
    if (info_.status == protocol::RoomStatus::waiting) forget_waiting();
    halt();
    for (auto& [person, m] : members_) {
        if (m.grace_timer) m.grace_timer->cancel();
        state_.persons.remove_room(person, id_);
    }
    members_.clear();
    state_.rooms.remove(id_);
    spdlog::info("event=room_closed room={} reason={}", id_, why);
}

void room::halt() {
    closed_ = true;
    bot_timer_.cancel();
    clock_timer_.cancel();
    lifecycle_timer_.cancel();
    if (info_.status == protocol::RoomStatus::playing) state_.counters.games_running.fetch_sub(1);
}

void room::on_message(requester& who, protocol::Join& m, bool) {
    member* existing = find_member(who.person);
    if (info_.status != protocol::RoomStatus::waiting) {
        if (existing && existing->seat && (!m.seat || m.seat == existing->seat)) {
            // Already seated in this game: just a fresh start for this connection.
            existing->link = who.link;
            reply(who, protocol::encode(protocol::Joined{id_, existing->seat}, who.id));
            send_snapshot(*existing);
            return;
        }
        reply_error(who, ErrorCode::wrong_status, "the game has started; you can spectate",
                    {{"reason", "game_started"}});
        return;
    }
    std::optional<int> seat = m.seat;
    if (seat) {
        if (*seat >= static_cast<int>(info_.seats.size())) {
            reply_error(who, ErrorCode::bad_field,
                        "field 'seat': the room has " + std::to_string(info_.seats.size()) + " seats",
                        {{"field", "seat"}, {"seats", info_.seats.size()}});
            return;
        }
        const SeatInfo& s = info_.seats[static_cast<std::size_t>(*seat)];
        const bool mine = s.kind == SeatInfo::Kind::human && s.person == who.person;
        if (s.kind != SeatInfo::Kind::empty && !mine) {
            reply_error(who, ErrorCode::seat_taken, "seat " + std::to_string(*seat) + " is not free",
                        {{"seat", *seat}});
            return;
        }
    } else if (existing && existing->seat) {
        seat = existing->seat;
    } else {
        for (std::size_t i = 0; i < info_.seats.size() && !seat; ++i)
            if (info_.seats[i].kind == SeatInfo::Kind::empty) seat = static_cast<int>(i);
        if (!seat) {
            reply_error(who, ErrorCode::seat_taken, "the room is full", {{"reason", "full"}});
            return;
        }
    }
    if (existing && existing->seat && existing->seat != seat) free_seat(*existing->seat);
    add_member(who, seat);
    reply(who, protocol::encode(protocol::Joined{id_, seat}, who.id));
    spdlog::info("event=join room={} person={} seat={}", id_, who.person, *seat);
    publish();
}

void room::on_message(requester& who, protocol::Spectate&, bool) {
    member* existing = find_member(who.person);
    if (!info_.settings.spectators && info_.host != who.person) {
        reply_error(who, ErrorCode::spectators_not_allowed, "this room does not allow spectators");
        return;
    }
    if (existing && existing->seat) {
        if (info_.status != protocol::RoomStatus::waiting) {
            reply_error(who, ErrorCode::wrong_status, "you hold a seat in this game",
                        {{"reason", "seated_in_game"}});
            return;
        }
        free_seat(*existing->seat);
    }
    add_member(who, std::nullopt);
    reply(who, protocol::encode(protocol::Joined{id_, std::nullopt}, who.id));
    spdlog::info("event=spectate room={} person={}", id_, who.person);
    publish();
}

void room::on_message(requester& who, protocol::Leave&, bool) {
    member* m = require_member(who);
    if (!m) return;
    if (m->seat && info_.status == protocol::RoomStatus::playing) {
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
        remove_member(who.person);
        reply(who, protocol::encode(protocol::Left{id_}, who.id));
        spdlog::info("event=leave room={} person={}", id_, who.person);
        publish();
    }
    // A game goes on without its people: bots play it to the end (review_lifecycle unloads it).
    if (members_.empty() && info_.status != protocol::RoomStatus::playing) close_room("empty");
}

void room::on_message(requester& who, protocol::Kick& k, bool) {
    if (!require_member(who) || !require_host(who)) return;
    member* target = find_member(k.person);
    if (!target || k.person == who.person) {
        reply_error(who, ErrorCode::bad_field, "field 'person': not another member of this room",
                    {{"field", "person"}});
        return;
    }
    if (target->seat && info_.status != protocol::RoomStatus::waiting) {
        reply_error(who, ErrorCode::wrong_status, "seated players cannot be kicked once the game started",
                    {{"reason", "game_started"}});
        return;
    }
    if (target->link) send_to(target->link, shared_text(protocol::encode(protocol::Kicked{id_})));
    remove_member(k.person);
    reply(who, protocol::encode(protocol::Ack{}, who.id));
    spdlog::info("event=kick room={} host={} person={}", id_, who.person, k.person);
    publish();
}

void room::on_message(requester& who, protocol::SetBot& b, bool) {
    if (!require_member(who) || !require_host(who)) return;
    if (info_.status != protocol::RoomStatus::waiting) {
        reply_error(who, ErrorCode::wrong_status, "bots can only be changed before the start",
                    {{"reason", "game_started"}});
        return;
    }
    if (b.seat >= static_cast<int>(info_.seats.size())) {
        reply_error(who, ErrorCode::bad_field, "field 'seat': no such seat", {{"field", "seat"}});
        return;
    }
    SeatInfo& seat = info_.seats[static_cast<std::size_t>(b.seat)];
    if (b.bot) {
        if (seat.kind == SeatInfo::Kind::human) {
            reply_error(who, ErrorCode::seat_taken, "a person sits there", {{"seat", b.seat}});
            return;
        }
        seat = SeatInfo{};
        seat.kind = SeatInfo::Kind::bot;
        seat.bot = *b.bot;
        seat.name = bot_name(*b.bot, b.seat);
    } else {
        if (seat.kind != SeatInfo::Kind::bot) {
            reply_error(who, ErrorCode::bad_field, "field 'seat': no bot there", {{"field", "seat"}});
            return;
        }
        free_seat(b.seat);
    }
    reply(who, protocol::encode(protocol::Ack{}, who.id));
    publish();
}

void room::on_message(requester& who, protocol::ChatRequest& c, bool) {
    member* m = require_member(who);
    if (!m) return;
    const auto text = trimmed_within(c.text, protocol::max_chat_length);
    if (!text) {
        reply_error(who, ErrorCode::bad_field, "field 'text': 1 to 500 characters",
                    {{"field", "text"}, {"min", 1}, {"max", protocol::max_chat_length}});
        return;
    }
    const protocol::ChatMessage chat{id_, who.person, m->name, *text, unix_ms()};
    remember_chat(chat);
    const auto message = shared_text(protocol::encode(chat));
    for (const auto& [person, other] : members_)
        if (other.link) send_to(other.link, message);
    reply(who, protocol::encode(protocol::Ack{}, who.id));
}

void room::on_message(requester& who, protocol::RoomInfoRequest&, bool by_invite) {
    // A private room's strangers never get here: handle() answers them as for a missing room.
    const member* existing = find_member(who.person);
    protocol::RoomInfoReply answer;
    answer.room = protocol::summarize(info_);
    answer.is_private = info_.settings.is_private;
    if (by_invite) answer.invite = info_.invite;
    answer.member = existing != nullptr;
    if (existing) answer.seat = existing->seat;
    reply(who, protocol::encode(answer, who.id));
}

void room::on_message(requester& who, protocol::SnapshotRequest&, bool) {
    member* m = require_member(who);
    if (!m) return;
    m->link = who.link;
    sync_spectator(who.person);
    send_snapshot(*m, who.id);
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
    member* m = find_member(person);
    if (!m || closed_) return;
    m->link = link;
    // A hello with the token and a new name renames the person here too.
    m->name = name;
    if (m->seat) info_.seats[static_cast<std::size_t>(*m->seat)].name = name;
    m->needs_snapshot = true;
    if (m->grace_timer) m->grace_timer->cancel();
    if (m->seat) info_.seats[static_cast<std::size_t>(*m->seat)].online = true;
    sync_spectator(person);
    spdlog::info("event=reconnect room={} person={}", id_, person);
    publish();
}

void room::detach(std::string person, std::uint64_t link_id) {
    net::post(strand_, [self = shared_from_this(), person = std::move(person), link_id]() mutable {
        self->on_detach(std::move(person), link_id);
    });
}

void room::on_detach(std::string person, std::uint64_t link_id) {
    if (defer_while_busy([self = shared_from_this(), person, link_id] { self->on_detach(person, link_id); })) return;
    member* m = find_member(person);
    if (!m || !m->link || m->link->id() != link_id || closed_) return;
    m->link.reset();
    if (m->seat) info_.seats[static_cast<std::size_t>(*m->seat)].online = false;
    sync_spectator(person);
    spdlog::info("event=offline room={} person={}", id_, person);
    start_grace(person);
    publish();
}

void room::start_grace(const std::string& person) {
    member* m = find_member(person);
    if (!m) return;
    m->grace_timer = std::make_shared<net::steady_timer>(strand_, state_.config.grace);
    m->grace_timer->async_wait([self = shared_from_this(), person](boost::system::error_code ec) {
        if (!ec) self->on_grace_over(person);
    });
}

void room::on_grace_over(const std::string& person) {
    if (defer_while_busy([self = shared_from_this(), person] { self->on_grace_over(person); })) return;
    guard_waiting([&] { free_after_grace(person); });
}

void room::free_after_grace(const std::string& person) {
    member* m = find_member(person);
    if (!m || m->link || closed_) return;
    const bool seat_in_game = m->seat && info_.status != protocol::RoomStatus::waiting;
    if (!seat_in_game) {
        remove_member(person);
        spdlog::info("event=grace_over room={} person={}", id_, person);
    }
    // A game goes on (review_lifecycle adjourns it or lets the bots finish it); a lobby or a
    // finished game nobody is online for ends.
    if (info_.status != protocol::RoomStatus::playing && (members_.empty() || !anyone_online())) {
        close_room("abandoned");
        return;
    }
    if (!seat_in_game) publish();
}

void room::shutdown() {
    net::post(strand_, [self = shared_from_this()] {
        self->bot_timer_.cancel();
        self->clock_timer_.cancel();
        self->lifecycle_timer_.cancel();
        for (auto& [person, m] : self->members_)
            if (m.grace_timer) m.grace_timer->cancel();
        self->closed_ = true;
    });
}

}  // namespace carc::server
