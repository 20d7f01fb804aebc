// What the room journals about its seats, and bringing a journaled game back after a restart.
#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "rooms/room_services.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::SeatInfo;

journal_seat room::journal_seat_of(int seat) const {
    const SeatInfo& s = seating_.seat(seat);
    journal_seat out;
    out.name = s.name;
    if (s.kind == SeatInfo::Kind::bot) {
        out.bot = s.bot;
    } else {
        out.person = s.person;
        out.token_sha256 = state_.persons.token_sha256(s.person);
    }
    return out;
}

bool room::restore_seat(std::size_t index, const journal_seat& js, bool resigned) {
    if (!seating_.restore_seat(index, js, resigned)) return false;
    state_.persons.add_room(js.person, id_);
    return true;
}

void room::restore(restored_game game) {
    net::post(strand_, [self = shared_from_this(), game = std::move(game)]() mutable {
        room& r = *self;
        for (std::size_t i = 0; i < game.seats.size() && i < static_cast<std::size_t>(r.seating_.seat_count()); ++i) {
            const bool resigned = i < game.resigned.size() && game.resigned[i];
            if (r.restore_seat(i, game.seats[i], resigned) && r.seating_.info().host.empty())
                r.seating_.set_host(game.seats[i].person);
            if (i < game.away.size() && game.away[i]) r.seating_.set_away(static_cast<int>(i), true);
        }
        r.turn_ = game.turn;
        r.session_.restore(game, r.seating_.info().settings.clock);
        r.seating_.set_status(protocol::RoomStatus::playing);
        r.state_.counters.games_running.fetch_add(1);
        // Journaled to the end but stopped before the record was stored: finish it now.
        if (r.session_.state().is_over()) r.finish("complete");
        else if (r.seating_.active_seats() <= 1) r.finish("resigned");
        else r.update_clock();
        r.game_version_ = r.version_ + 1;
        spdlog::info("event=room_restored room={} actions={} commitment={}", r.id_, r.session_.moves(),
                     r.session_.seed_commitment());
        r.publish();
        r.schedule_turn();
    });
}

}  // namespace carc::server
