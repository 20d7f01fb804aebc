// How a room waits for the journal, and how it leaves memory: a running game nobody is online
// for is adjourned after --adjourn-after (stored as adjourned, unloaded, listed as adjourned
// until a seated player's hello brings it back, recovery.hpp); a finished game nobody watches
// is unloaded once its record is stored (the store serves it from then on); a game only bots
// play runs to its end.
#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "rooms/room_services.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::RoomStatus;

room_journal::stored_fn room::on_stored(std::function<void(bool)> then, bool busy) {
    if (busy) busy_ = true;
    return [self = shared_from_this(), then = std::move(then), busy](bool stored) {
        net::post(self->strand_, [self, then, busy, stored] {
            if (busy) self->busy_ = false;
            then(stored);
            self->run_deferred();
        });
    };
}

bool room::defer_while_busy(std::function<void()> work) {
    if (!busy_) return false;
    deferred_.push_back(std::move(work));
    return true;
}

void room::run_deferred() {
    while (!busy_ && !deferred_.empty()) {
        auto work = std::move(deferred_.front());
        deferred_.pop_front();
        work();
    }
}

void room::review_lifecycle() {
    if (closed_ || adjourning_) return;
    due want = due::nothing;
    if (!seating_.anyone_online()) {
        // A turn-based game stays in memory: its deadlines run while nobody looks.
        if (seating_.info().status == RoomStatus::playing && seating_.humans_playing() && !turn_based())
            want = due::adjourn;
        else if (seating_.info().status == RoomStatus::finished) want = due::unload;
    }
    if (want == lifecycle_due_) return;
    lifecycle_due_ = want;
    ++lifecycle_generation_;
    lifecycle_timer_.cancel();
    if (want == due::nothing) return;
    if (want == due::unload && seating_.members().empty()) {
        close_room("finished");  // nobody to come back for it
        return;
    }
    lifecycle_timer_.expires_after(want == due::adjourn ? state_.config.adjourn_after : state_.config.grace);
    lifecycle_timer_.async_wait([self = shared_from_this(), generation = lifecycle_generation_](
                                    boost::system::error_code ec) {
        if (!ec) self->on_lifecycle_timer(generation);
    });
}

void room::on_lifecycle_timer(std::uint64_t generation) {
    if (generation != lifecycle_generation_ || closed_) return;
    if (defer_while_busy([self = shared_from_this(), generation] { self->on_lifecycle_timer(generation); })) return;
    const due what = lifecycle_due_;
    lifecycle_due_ = due::nothing;
    if (!seating_.anyone_online() && what == due::adjourn && seating_.info().status == RoomStatus::playing && seating_.humans_playing()) {
        adjourn();
    } else if (!seating_.anyone_online() && what == due::unload && seating_.info().status == RoomStatus::finished) {
        close_room("finished");
    } else {
        review_lifecycle();
    }
}

void room::adjourn() {
    adjourning_ = true;
    bot_timer_.cancel();
    clock_timer_.cancel();
    spdlog::info("event=adjourning room={} moves={}", id_, session_.moves());
    state_.journal->adjourn(id_, true, on_stored([this](bool stored) { on_adjourned(stored); }, false));
}

void room::on_adjourned(bool stored) {
    adjourning_ = false;
    if (closed_) return;
    if (!stored) {
        spdlog::error("event=adjourn_not_stored room={}", id_);
    } else if (seating_.anyone_online() || seating_.info().status != RoomStatus::playing) {
        // Someone came back while it was being stored: the game goes on.
        state_.journal->adjourn(id_, false, on_stored([this](bool resumed) {
            if (!resumed) spdlog::error("event=resume_not_stored room={}", id_);
        }, false));
    } else {
        unload_adjourned();
        return;
    }
    schedule_turn();
    review_lifecycle();
}

void room::unload_adjourned() {
    protocol::RoomSummary summary = protocol::summarize(seating_.info());
    summary.status = RoomStatus::adjourned;
    summary.humans_online = 0;
    summary.spectators = 0;
    closed_ = true;
    charge_.reset();
    bot_timer_.cancel();
    clock_timer_.cancel();
    lifecycle_timer_.cancel();
    state_.counters.games_running.fetch_sub(1);
    cancel_all_grace();
    for (const auto& [person, m] : seating_.members()) {
        // Seated people keep the game in their list: their hello brings it back.
        if (!m.seat) state_.persons.remove_room(person, id_);
    }
    seating_.clear_members();
    state_.rooms.adjourn(id_, seating_.info().invite, summary, !private_);
    spdlog::info("event=room_adjourned room={} moves={}", id_, session_.moves());
}

}  // namespace carc::server
