// A turn-based game's moves (docs/accounts.md): each move's deadline, stored with the game so
// "my games" reads it on every node and a restart finds it; vacation days spent before a
// timeout; a medium bot playing the seat whose time and vacation ran out, until its person takes
// it back or, in a two-player game, the opponent claims the win. The store decides who fires a
// passed deadline (one conditional UPDATE), so it fires once across restarts and nodes.
#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "rooms/room_services.hpp"
#include "rooms/room.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::ErrorCode;
using protocol::RoomStatus;
namespace st = carc::storage;

namespace {

// The store's part for turn-based games; null without a store (nothing is kept, so a deadline
// simply expires: there is no account and no vacation either).
st::TurnStore* turn_store(room_services& state) { return state.stores.turns.get(); }

}  // namespace

bool room::advance_move_turn() {
    if (!turn_based() || seating_.info().status != RoomStatus::playing || closed_) return false;
    const int seat = session_.state().decider();
    const bool automatic = seating_.seat_is_automatic(seat);
    // A move lasts while the decision stays with one seat (a tile, then its follower): one
    // deadline and one notice for it, not one per action. A seat that resigned on its move
    // keeps no deadline (nor spends vacation).
    if (turn_ && turn_->seat == seat && !(automatic && turn_->deadline_ms)) return false;
    move_turn next{seat, static_cast<std::int64_t>(session_.moves()), std::nullopt};
    if (!automatic) next.deadline_ms = unix_ms() + *move_time_s_ * 1000;
    next.told = false;
    turn_ = next;
    return true;
}

std::optional<protocol::MoveDeadline> room::move_deadline() const {
    if (!turn_ || !turn_->deadline_ms || seating_.info().status != RoomStatus::playing) return std::nullopt;
    return protocol::MoveDeadline{turn_->seat, *turn_->deadline_ms};
}

void room::review_move_turn() {
    advance_move_turn();
    if (turn_ && !turn_->told) {
        turn_->told = true;
        const move_turn next = *turn_;
        state_.journal->set_turn(id_, next.seat, next.seq, next.deadline_ms, [room_id = id_](bool stored) {
            if (!stored) spdlog::error("event=turn_not_stored room={}", room_id);
        });
        if (next.deadline_ms && state_.notices)
            state_.notices->your_turn(id_, seating_.seat(next.seat).person, *next.deadline_ms);
    }
    arm_move_timers();
}

void room::arm_move_timers() {
    clock_timer_.cancel();
    notice_timer_.cancel();
    if (!turn_ || !turn_->deadline_ms) return;
    const std::int64_t deadline = *turn_->deadline_ms;
    const std::int64_t seq = turn_->seq;
    const auto in = [now = unix_ms()](std::int64_t at) { return std::chrono::milliseconds(std::max<std::int64_t>(0, at - now)); };
    // A deadline that passed while the server was down fires at once.
    clock_timer_.expires_after(in(deadline));
    clock_timer_.async_wait([self = shared_from_this(), seq, deadline](boost::system::error_code ec) {
        if (!ec) self->on_move_deadline(seq, deadline);
    });
    const std::int64_t warn_at = deadline - *move_time_s_ * 1000 / 5;  // a fifth of the move time left
    if (!state_.notices || turn_->warned || warn_at <= unix_ms()) return;
    notice_timer_.expires_after(in(warn_at));
    notice_timer_.async_wait([self = shared_from_this(), seq, deadline](boost::system::error_code ec) {
        if (ec || !self->turn_ || self->turn_->seq != seq || self->turn_->deadline_ms != deadline) return;
        if (self->turn_->warned) return;
        self->turn_->warned = true;
        self->state_.notices->time_running_out(self->id_, self->seating_.seat(self->turn_->seat).person, deadline);
    });
}

void room::fire_deadline(std::int64_t seq, std::int64_t deadline_ms, bool on_purpose,
                         std::function<void(std::optional<st::DeadlineResult>)> then) {
    st::TurnStore* store = turn_store(state_);
    if (!store) {
        st::DeadlineResult result;
        result.outcome = on_purpose ? st::DeadlineOutcome::refused : st::DeadlineOutcome::expired;
        then(result);
        return;
    }
    st::DeadlineFire fire;
    fire.room_id = id_;
    fire.seq = seq;
    fire.deadline_ms = deadline_ms;
    fire.person_id = seating_.seat(turn_->seat).person;
    fire.day_ms = state_.config.turn_based.day().count();
    fire.now_ms = unix_ms();
    fire.on_purpose = on_purpose;
    // The store may be slow (PostgreSQL over the network): never on the strand.
    state_.blocking.post([self = shared_from_this(), store, fire, then = std::move(then)] {
        auto result = store->fire_deadline(fire);
        if (!result)
            spdlog::error("event=deadline_not_fired room={} error=\"{}\"", fire.room_id, result.error().message);
        std::optional<st::DeadlineResult> answer;
        if (result) answer = *result;
        net::post(self->strand_, [self, then, answer] { then(answer); });
    });
}

void room::on_move_deadline(std::int64_t seq, std::int64_t deadline_ms) {
    if (defer_while_busy([self = shared_from_this(), seq, deadline_ms] { self->on_move_deadline(seq, deadline_ms); }))
        return;
    if (closed_ || !turn_ || turn_->seq != seq || turn_->deadline_ms != deadline_ms) return;
    fire_deadline(seq, deadline_ms, false, [this, seq, deadline_ms](std::optional<st::DeadlineResult> result) {
        if (!result) {
            // The store failed: try again shortly, the deadline stays as it is.
            clock_timer_.expires_after(std::chrono::seconds(1));
            clock_timer_.async_wait([self = shared_from_this(), seq, deadline_ms](boost::system::error_code ec) {
                if (!ec) self->on_move_deadline(seq, deadline_ms);
            });
            return;
        }
        on_deadline_fired(seq, *result);
    });
}

void room::on_deadline_fired(std::int64_t seq, const st::DeadlineResult& result) {
    if (closed_ || !turn_ || turn_->seq != seq || seating_.info().status != RoomStatus::playing) return;
    const int seat = turn_->seat;
    switch (result.outcome) {
        case st::DeadlineOutcome::lost:  // fired elsewhere: the node that took the room over acts
            spdlog::info("event=deadline_lost room={} seat={}", id_, seat);
            return;
        case st::DeadlineOutcome::refused:
            return;
        case st::DeadlineOutcome::vacation:
            spdlog::info("event=vacation_day room={} seat={} days_left={}", id_, seat, result.vacation_days_left);
            turn_->deadline_ms = result.deadline_ms;
            arm_move_timers();
            publish();  // the mover's view carries the new deadline
            return;
        case st::DeadlineOutcome::expired:
            spdlog::info("event=move_time_expired room={} seat={}", id_, seat);
            turn_->deadline_ms.reset();
            set_seat_away(seat, true, {});
            return;
    }
}

void room::set_seat_away(int seat, bool away, std::function<void(bool)> then) {
    state_.journal->set_away(id_, seat, journal_seat_of(seat), away, on_stored([this, seat, away, then](bool stored) {
        if (stored && seating_.info().status == RoomStatus::playing && seating_.set_away(seat, away)) {
            spdlog::info("event=seat_away room={} seat={} away={}", id_, seat, away);
            // Back with its person: their move, if it is the current one, gets a fresh deadline.
            if (!away && turn_ && turn_->seat == seat) turn_.reset();
            publish();
            schedule_turn();
        }
        if (then) then(stored);
    }));
}

void room::on_message(requester& who, protocol::TakeSeatBack&, bool) {
    const member* me = require_member(who);
    if (!me) return;
    if (!me->seat || seating_.info().status != RoomStatus::playing || !seating_.seat(*me->seat).away) {
        reply_error(who, ErrorCode::wrong_status, "no bot plays your seat", {{"reason", "not_away"}});
        return;
    }
    set_seat_away(*me->seat, false, [this, who](bool stored) {
        if (!stored) reply_error(who, ErrorCode::journal_failed, "the seat could not be taken back; try again");
        else reply(who, protocol::encode(protocol::Ack{version_}, who.id));
    });
}

void room::on_message(requester& who, protocol::ClaimWin&, bool) {
    const member* me = require_member(who);
    if (!me) return;
    if (!me->seat || seating_.info().status != RoomStatus::playing) {
        reply_error(who, ErrorCode::not_seated, "only a player of the running game can claim the win");
        return;
    }
    const int other = 1 - *me->seat;
    if (seating_.seat_count() != 2 || seating_.seat(*me->seat).away || !seating_.seat(other).away) {
        reply_error(who, ErrorCode::wrong_status,
                    "the win can be claimed only in a two-player game whose opponent's time ran out",
                    {{"reason", "no_claim"}});
        return;
    }
    spdlog::info("event=claim_win room={} seat={}", id_, *me->seat);
    resign_seat(other, [this, who](bool stored) {
        if (!stored) reply_error(who, ErrorCode::journal_failed, "the claim could not be stored; try again");
        else reply(who, protocol::encode(protocol::Ack{version_}, who.id));
    });
}

void room::on_message(requester& who, protocol::TakeVacation&, bool) {
    if (!require_member(who)) return;
    spend_vacation(who.person, [this, who](vacation_answer answer) {
        if (answer.refused) reply_error(who, std::move(*answer.refused));
        else reply(who, protocol::encode(protocol::Ack{version_}, who.id));
    });
}

void room::take_vacation(std::string person, std::function<void(vacation_answer)> done) {
    net::post(strand_, [self = shared_from_this(), person = std::move(person), done = std::move(done)]() mutable {
        if (self->defer_while_busy([self, person, done] { self->take_vacation(person, done); })) return;
        self->spend_vacation(person, std::move(done));
    });
}

void room::spend_vacation(const std::string& person, std::function<void(vacation_answer)> done) {
    const auto refusal = [](ErrorCode code, std::string message, nlohmann::json params) {
        vacation_answer answer;
        answer.refused.emplace();
        answer.refused->code = code;
        answer.refused->message = std::move(message);
        answer.refused->params = std::move(params);
        return answer;
    };
    const member* me = seating_.find(person);
    if (closed_ || !me || !me->seat || !turn_based() || !turn_ || turn_->seat != *me->seat || !turn_->deadline_ms) {
        done(refusal(ErrorCode::not_your_turn, "vacation is taken on your own move in a turn-based game",
                     {{"reason", "not_your_move"}}));
        return;
    }
    const std::int64_t seq = turn_->seq;
    fire_deadline(seq, *turn_->deadline_ms, true,
                  [this, seq, refusal, done = std::move(done)](std::optional<st::DeadlineResult> result) {
                      if (!result) {
                          done(refusal(ErrorCode::journal_failed, "the vacation could not be stored; try again", {}));
                      } else if (result->outcome == st::DeadlineOutcome::refused) {
                          done(refusal(ErrorCode::wrong_status, "no vacation days are left", {{"reason", "no_vacation"}}));
                      } else if (result->outcome != st::DeadlineOutcome::vacation) {
                          done(refusal(ErrorCode::wrong_status, "the move is over", {{"reason", "move_over"}}));
                      } else {
                          on_deadline_fired(seq, *result);
                          done({std::nullopt, result->deadline_ms, result->vacation_days_left});
                      }
                  });
}

}  // namespace carc::server
