// The game inside a room: start, players' and bots' actions, the turn clock, resignation, end.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "carc/bots.hpp"
#include "carc/protocol/engine_json.hpp"
#include "rooms/game_start.hpp"
#include "rooms/room.hpp"
#include "rooms/room_error.hpp"
#include "rooms/room_services.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::ErrorCode;
using protocol::ErrorMessage;
using protocol::RoomStatus;
using protocol::SeatInfo;

// Plays a turn-based game's seat whose time and vacation ran out, until its person is back.
constexpr BotKind away_bot = BotKind::medium;

void room::on_message(requester& who, protocol::Start&, bool) {
    if (!require_member(who) || !require_host(who)) return;
    const protocol::RoomInfo& info = seating_.info();
    if (info.status != RoomStatus::waiting) {
        reply_error(who, ErrorCode::wrong_status, "the game has already started", {{"reason", "game_started"}});
        return;
    }
    const auto empty = std::find_if(info.seats.begin(), info.seats.end(),
                                    [](const SeatInfo& s) { return s.kind == SeatInfo::Kind::empty; });
    if (empty != info.seats.end()) {
        const auto seat = empty - info.seats.begin();
        reply_error(who, ErrorCode::wrong_status, "seat " + std::to_string(seat) + " is empty",
                    {{"reason", "seat_empty"}, {"seat", seat}});
        return;
    }
    std::vector<journal_seat> seats;
    for (int seat = 0; seat < seating_.seat_count(); ++seat) seats.push_back(journal_seat_of(seat));
    std::string error;
    auto started = start_game(id_, info.invite, info.settings, std::move(seats), state_.config.fixed_seed, error);
    if (!started) {
        reply_error(who, ErrorCode::bad_settings, error);
        return;
    }
    // The room waits (busy) until the start is stored: nobody takes or leaves a seat meanwhile.
    auto pending = std::make_shared<started_game>(std::move(*started));
    state_.journal->begin_game(pending->start, on_stored([this, who, pending](bool stored) {
        if (!stored) {
            reply_error(who, ErrorCode::journal_failed, "the game could not be stored; try again");
            return;
        }
        begin_game(pending->start, std::move(pending->match));
        reply(who, protocol::encode(protocol::Ack{version_}, who.id));
    }));
}

std::shared_ptr<room> room::open_started(room_services& state, started_game game) {
    const game_start& start = game.start;
    // Known by token hash before the room is listed, so a player's hello finds the room (the
    // room's attach then queues behind the opening below), as for a game restored from the store.
    for (const journal_seat& seat : start.seats) {
        if (seat.person.empty()) continue;
        state.persons.restore(seat.person, seat.name, seat.token_sha256);
        state.persons.add_room(seat.person, start.room_id);
    }
    auto r = std::make_shared<room>(state, start.room_id, start.invite, start.settings);
    state.rooms.add(r, start.room_id, start.invite);
    net::post(r->strand_, [r, game = std::move(game)]() mutable {
        // Every seat is its person's (an offline member until they open the room) or a bot's;
        // the first person is host, as in a restored game.
        const std::vector<journal_seat>& seats = game.start.seats;
        for (std::size_t i = 0; i < seats.size() && i < static_cast<std::size_t>(r->seating_.seat_count()); ++i)
            if (r->restore_seat(i, seats[i], false) && r->seating_.info().host.empty())
                r->seating_.set_host(seats[i].person);
        r->begin_game(game.start, std::move(game.match));
    });
    return r;
}

void room::begin_game(const game_start& start, std::unique_ptr<Match> match) {
    session_.begin(start, std::move(match), seating_.info().settings.clock);
    seating_.set_status(RoomStatus::playing);
    state_.counters.games_running.fetch_add(1);
    spdlog::info("event=game_started room={} players={} commitment={}", id_, seating_.seat_count(),
                 session_.seed_commitment());
    update_clock();
    game_version_ = version_ + 1;
    publish();
    schedule_turn();
}

void room::on_message(requester& who, protocol::PlayAction& m, bool) {
    const member* me = require_member(who);
    if (!me) return;
    const auto refuse = [&](ErrorMessage e) {
        state_.counters.actions_refused_total.fetch_add(1);
        reply_error(who, std::move(e));
    };
    if (seating_.info().status != RoomStatus::playing) {
        refuse(make_error(ErrorCode::wrong_status, "no game is running in this room", {{"reason", "no_game"}}));
        return;
    }
    if (!me->seat) {
        refuse(make_error(ErrorCode::not_seated, "spectators cannot play"));
        return;
    }
    const int seat = *me->seat;
    const State& s = session_.state();
    if (seating_.seat(seat).resigned) {
        refuse(make_error(ErrorCode::wrong_status, "you resigned", {{"reason", "resigned"}}));
        return;
    }
    if (s.decider() != seat) {
        const std::string& name = seating_.seat(s.decider()).name;
        refuse(make_error(ErrorCode::not_your_turn, "it is " + name + "'s decision",
                          {{"name", name}, {"seat", s.decider()}}));
        return;
    }
    if (m.version < game_version_ || m.version > version_) {
        ErrorMessage e = make_error(ErrorCode::stale_version, "the game moved on; version " +
                                                                 std::to_string(m.version) + " is stale");
        e.version = version_;
        refuse(std::move(e));
        return;
    }
    play(seat, m.steps(), &who);
}

void room::refuse_move(const requester* who, ErrorMessage error) {
    if (!who) {
        spdlog::error("event=automatic_move_refused room={} reason={}", id_, error.message);
        return;
    }
    state_.counters.actions_refused_total.fetch_add(1);
    reply_error(*who, std::move(error));
}

void room::play(int seat, const std::vector<Action>& steps, const requester* who) {
    // Applied once, to a copy: the journal gets the events and the hash after each step, and
    // the room adopts the copy only once the whole message is stored (busy until then).
    std::shared_ptr<pending_move> move;
    // No one asked: the server moves for the seat; for a person's seat that is a stand-in.
    const bool stand_in = !who && seating_.seat(seat).kind != SeatInfo::Kind::bot;
    if (auto refused = session_.prepare(seat, steps, id_, unix_ms(), game_clock::clock::now(), move, stand_in)) {
        ErrorMessage e = step_refusal(*refused, steps.size() > 1);
        if (!refused->rule) {  // whose decision the step was by then: the copy stopped before it
            const int decider = move->next.decider();
            e.params["name"] = seating_.seat(decider).name;
            e.params["seat"] = decider;
        }
        refuse_move(who, std::move(e));
        return;
    }
    std::optional<requester> asker;
    if (who) asker = *who;
    state_.journal->append_action(move->entry, on_stored([this, move, asker](bool stored) {
        on_action_stored(stored, *move, asker ? &*asker : nullptr);
    }));
}

ErrorMessage room::step_refusal(const refused_step& refused, bool several) const {
    // In a message of several steps the refusal names the step (0-based in params).
    const std::string step = several ? "step " + std::to_string(refused.step + 1) + ": " : "";
    ErrorMessage e;
    if (refused.rule) {
        e = make_error(ErrorCode::illegal_action, step + refused.rule->message);
        e.rule = std::string(to_string(refused.rule->code));
    } else {
        e = make_error(ErrorCode::not_your_turn, step + "by then it is another player's decision");
    }
    if (several) e.params["step"] = refused.step;
    return e;
}

void room::on_action_stored(bool stored, pending_move& move, const requester* who) {
    const journal_action& entry = move.entry;
    if (!stored) {
        spdlog::error("event=journal_failed room={} action={} steps={}", id_, describe(entry.steps.front().action),
                      entry.steps.size());
        refuse_move(who, make_error(ErrorCode::journal_failed, "the move could not be stored; it was not applied"));
        return;
    }
    const std::string events = std::move(move.events_json);
    const std::size_t steps = entry.steps.size();
    const Action first = entry.steps.front().action;
    const int seat = entry.seat;
    session_.adopt(std::move(move));
    state_.counters.actions_accepted_total.fetch_add(steps);
    spdlog::debug("event=action room={} seat={} action={} steps={}", id_, seat, describe(first), steps);
    game_version_ = version_ + 1;
    if (session_.state().is_over()) {
        finish("complete");
    } else {
        update_clock();
    }
    publish(events, who);
    schedule_turn();
}

void room::on_message(requester& who, protocol::LegalPlacementsQuery&, bool) {
    if (!require_game(who)) return;
    protocol::LegalPlacements answer;
    answer.room = id_;
    answer.version = version_;
    const State& s = session_.state();
    if (s.drawn_tile() != no_tile) answer.tile = session_.match().game().tiles().at(s.drawn_tile()).id;
    if (seating_.info().status == RoomStatus::playing && s.phase() == Phase::place_tile)
        s.legal_placements(answer.placements);
    reply(who, protocol::encode(answer, who.id));
}

void room::on_message(requester& who, protocol::FollowerOptionsQuery& q, bool) {
    if (!require_game(who)) return;
    protocol::FollowerOptions answer;
    answer.room = id_;
    answer.version = version_;
    answer.placement = q.placement;
    const State& s = session_.state();
    if (seating_.info().status == RoomStatus::playing && s.phase() == Phase::place_tile) {
        if (auto refused = s.follower_options_after(q.placement, answer.options)) {
            ErrorMessage e = make_error(ErrorCode::illegal_action, refused->message);
            e.rule = std::string(to_string(refused->code));
            reply_error(who, std::move(e));
            return;
        }
        State next = s;
        if (!next.apply(q.placement)) answer.features = protocol::features_to_json(next, answer.options);
    }
    reply(who, protocol::encode(answer, who.id));
}

void room::on_message(requester& who, protocol::Resign&, bool) {
    const member* me = require_member(who);
    if (!me) return;
    if (!me->seat) {
        reply_error(who, ErrorCode::not_seated, "spectators cannot resign");
        return;
    }
    if (seating_.info().status != RoomStatus::playing || seating_.seat(*me->seat).resigned) {
        reply_error(who, ErrorCode::wrong_status, "there is no game to resign from", {{"reason", "no_game"}});
        return;
    }
    resign_seat(*me->seat, [this, who](bool stored) {
        if (!stored) reply_error(who, ErrorCode::journal_failed, "the resignation could not be stored; try again");
        else reply(who, protocol::encode(protocol::Ack{version_}, who.id));
    });
}

void room::resign_seat(int seat, std::function<void(bool)> then) {
    if (seating_.info().status != RoomStatus::playing) {
        if (then) then(true);
        return;
    }
    state_.journal->resign_seat(id_, seat, journal_seat_of(seat), on_stored([this, seat, then](bool stored) {
        if (stored && seating_.info().status == RoomStatus::playing && seating_.resign(seat)) {
            spdlog::info("event=resign room={} seat={}", id_, seat);
            if (seating_.active_seats() <= 1) finish("resigned");
            publish();
            schedule_turn();
        }
        if (then) then(stored);
    }));
}

void room::finish(const char* reason) {
    bot_timer_.cancel();
    clock_timer_.cancel();
    notice_timer_.cancel();
    seating_.set_status(RoomStatus::finished);
    game_end end;
    end.room_id = id_;
    const std::int64_t now_ms = unix_ms();
    end.record_json = session_.finish(reason, seating_.info(), game_clock::clock::now(), now_ms);
    end.rule_system = std::string(to_string(seating_.info().settings.config.rules));
    end.result = *session_.result();
    for (const SeatInfo& seat : seating_.info().seats) end.names.push_back(seat.name);
    end.time_ms = now_ms;
    const auto plays = session_.play_counts();
    state_.hooks.finishing(finished_game{seating_.info(), end.result, plays}, end);
    // Not a refusable write (the game is over in memory); the room leaves memory only once the
    // record is stored, since the store serves it from then on.
    state_.journal->end_game(end, on_stored([this](bool stored) {
        if (!stored) spdlog::error("event=record_not_stored room={}", id_);
        record_stored_ = true;
        if (stored) state_.hooks.recorded(id_);
        if (close_when_stored_) close_room("finished");
        else review_lifecycle();
    }, false));
    state_.counters.games_running.fetch_sub(1);
    state_.counters.games_finished_total.fetch_add(1);
    spdlog::info("event=game_over room={} reason={} moves={}", id_, reason, session_.moves());
}

// ---- the clock and the room's own moves ---------------------------------------------------

void room::update_clock() {
    if (seating_.info().status != RoomStatus::playing) return;
    session_.update_clock(game_clock::clock::now(), unix_ms());
}

void room::schedule_turn() {
    bot_timer_.cancel();
    clock_timer_.cancel();
    if (seating_.info().status != RoomStatus::playing || closed_) return;
    const int decider = session_.state().decider();
    const std::uint64_t moves = session_.moves();
    if (seating_.seat_is_automatic(decider) && state_.config.bot_delay.count() == 0) {
        // No pause: straight back to the strand, without a timer's system calls. The move count
        // guards it like the timer's wake-up.
        net::post(strand_, [self = shared_from_this(), moves] { self->on_bot_turn(moves); });
    } else if (seating_.seat_is_automatic(decider)) {
        bot_timer_.expires_after(state_.config.bot_delay);
        bot_timer_.async_wait([self = shared_from_this(), moves](boost::system::error_code ec) {
            if (!ec) self->on_bot_turn(moves);
        });
    }
    review_move_turn();
    if (const auto& clock = session_.clock(); clock && clock->running() >= 0) {
        clock_timer_.expires_at(clock->deadline());
        clock_timer_.async_wait([self = shared_from_this(), moves](boost::system::error_code ec) {
            if (!ec) self->on_clock_expired(moves);
        });
    }
}

void room::on_bot_turn(std::uint64_t expected_moves) {
    if (defer_while_busy([self = shared_from_this(), expected_moves] { self->on_bot_turn(expected_moves); })) return;
    if (session_.moves() != expected_moves || seating_.info().status != RoomStatus::playing || closed_) return;
    const int seat = session_.state().decider();
    if (!seating_.seat_is_automatic(seat)) return;
    const SeatInfo& s = seating_.seat(seat);
    BotKind kind = s.kind == SeatInfo::Kind::bot && !s.resigned ? s.bot : BotKind::random;
    if (s.kind != SeatInfo::Kind::bot || s.resigned)
        protocol::bot_kind_from_string(state_.config.resigned_bot, kind);
    if (s.away && !s.resigned) kind = away_bot;
    if (!is_search_bot(kind)) {
        play(seat, bot_turn(kind, seat), nullptr);
        return;
    }
    // A search takes up to seconds: it runs on the bot pool, and its move comes back here to
    // be checked like anyone's (a move made meanwhile makes it stale). The host's turn among
    // everyone's searches (bot_pool.hpp); a room without one takes its own.
    auto self = shared_from_this();
    const std::string& host = seating_.info().host;
    state_.bots->think(host.empty() ? "room:" + id_ : host, id_, kind, session_.match().game_ptr(), session_.state(), bot_rng_.next(),
                       [self, expected_moves, seat](Action action) {
                           net::post(self->strand_, [self, expected_moves, seat, action] {
                               self->on_bot_move(expected_moves, seat, action);
                           });
                       });
}

// A bot that needs no search plays its turn's decisions as one action, as a person may: the
// tile and its follower are one journal write and one patch to every viewer, not two. It
// chooses each step on the state the steps before it made, drawing on the room's generator in
// the same order as step by step, so the game is the same.
std::vector<Action> room::bot_turn(BotKind kind, int seat) {
    constexpr std::size_t most_steps = 8;
    const State& now = session_.state();
    std::vector<Action> steps{choose(kind, now, bot_rng_)};
    State next = now;
    while (steps.size() < most_steps && !next.apply(steps.back()) && !next.is_over() && next.decider() == seat &&
           next.turn_number() == now.turn_number())
        steps.push_back(choose(kind, next, bot_rng_));
    return steps;
}

void room::on_bot_move(std::uint64_t expected_moves, int seat, Action action) {
    if (defer_while_busy([self = shared_from_this(), expected_moves, seat, action] {
            self->on_bot_move(expected_moves, seat, action);
        }))
        return;
    if (session_.moves() != expected_moves || seating_.info().status != RoomStatus::playing || closed_) return;
    if (session_.state().decider() != seat || !seating_.seat_is_automatic(seat)) return;
    play(seat, {action}, nullptr);
}

void room::on_clock_expired(std::uint64_t expected_moves) {
    if (defer_while_busy([self = shared_from_this(), expected_moves] { self->on_clock_expired(expected_moves); }))
        return;
    const protocol::RoomInfo& info = seating_.info();
    if (session_.moves() != expected_moves || info.status != RoomStatus::playing || closed_ || !session_.clock())
        return;
    const int seat = session_.clock()->running();
    if (seat < 0) return;
    spdlog::info("event=clock_expired room={} seat={} policy={}", id_, seat,
                 protocol::to_string(info.settings.clock->on_timeout));
    session_.count_timeout(seat, seating_.seat_count());
    if (info.settings.clock->on_timeout == protocol::TimeoutPolicy::forfeit) {
        resign_seat(seat, [this, seat](bool stored) {
            if (!stored) spdlog::error("event=clock_forfeit_not_stored room={} seat={}", id_, seat);
        });
        return;
    }
    play(seat, {choose_random(session_.state(), bot_rng_)}, nullptr);
}

}  // namespace carc::server
