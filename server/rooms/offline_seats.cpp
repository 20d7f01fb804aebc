// A live game without a clock whose player went away: once their grace period is over (the
// seat is kept, `offline_long` in the view), any other player may let the medium bot play the
// seat (`away`, as a turn-based seat whose time ran out) so the game goes on; the seat is the
// person's again as soon as they are back. A clock or a move time already decides what an
// absent player's turn costs, so those games are left to them.
#include <spdlog/spdlog.h>

#include "rooms/room_services.hpp"
#include "rooms/room.hpp"

namespace carc::server {

using protocol::ErrorCode;
using protocol::RoomStatus;

bool room::bot_may_play_offline_seats() const {
    return seating_.info().status == RoomStatus::playing && !turn_based() && !seating_.info().settings.clock;
}

void room::mark_offline_long(const std::string& person) {
    if (bot_may_play_offline_seats() && seating_.mark_offline_long(person)) {
        spdlog::info("event=offline_long room={} person={}", id_, person);
        publish();
    }
}

void room::give_seat_back_on_return(const std::string& person) {
    const member* m = seating_.find(person);
    if (!m || !m->seat || turn_based() || !seating_.seat(*m->seat).away) return;
    set_seat_away(*m->seat, false, {});
}

void room::on_message(requester& who, protocol::BotForOffline& m, bool) {
    const member* me = require_member(who);
    if (!me) return;
    if (!me->seat || seating_.seat(*me->seat).resigned) {
        reply_error(who, ErrorCode::not_seated, "only a player of the running game can ask a bot to play a seat");
        return;
    }
    if (!bot_may_play_offline_seats()) {
        reply_error(who, ErrorCode::wrong_status,
                    "a bot plays for an absent player only in a running live game without a clock",
                    {{"reason", "not_live_without_clock"}});
        return;
    }
    if (m.seat >= seating_.seat_count() || m.seat == *me->seat) {
        reply_error(who, ErrorCode::bad_field, "field 'seat': another player's seat", {{"field", "seat"}});
        return;
    }
    const protocol::SeatInfo& seat = seating_.seat(m.seat);
    if (seat.away) {
        reply(who, protocol::encode(protocol::Ack{version_}, who.id));  // asked twice: done already
        return;
    }
    if (!seat.offline_long) {
        reply_error(who, ErrorCode::wrong_status,
                    "that player is online or has been away for less than " +
                        std::to_string(std::chrono::duration_cast<std::chrono::seconds>(state_.config.grace).count()) +
                        " s",
                    {{"reason", "not_offline_long"}, {"seat", m.seat}});
        return;
    }
    spdlog::info("event=bot_for_offline room={} seat={} asked_by_seat={}", id_, m.seat, *me->seat);
    set_seat_away(m.seat, true, [this, who](bool stored) {
        if (!stored) reply_error(who, ErrorCode::journal_failed, "the bot could not take the seat; try again");
        else reply(who, protocol::encode(protocol::Ack{version_}, who.id));
    });
}

}  // namespace carc::server
