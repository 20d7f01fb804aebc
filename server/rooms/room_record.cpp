// The room's game as a replay record, what it journals about its seats, and bringing a journaled
// game back after a restart.
#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "app/shared_state.hpp"

namespace carc::server {

namespace net = boost::asio;
using protocol::SeatInfo;

record_inputs room::make_record_inputs() const {
    record_inputs in;
    in.id = id_;
    in.settings = info_.settings;
    for (const SeatInfo& s : info_.seats) {
        record_player p;
        p.name = s.name;
        p.kind = s.kind == SeatInfo::Kind::bot ? "bot" : "human";
        if (s.kind == SeatInfo::Kind::bot) p.bot = s.bot;
        in.players.push_back(std::move(p));
    }
    for (std::size_t seat = 0; seat < info_.seats.size(); ++seat) {
        in.scores.push_back(match_ ? match_->state().score(static_cast<int>(seat)) : 0);
        if (info_.seats[seat].resigned) in.resigned.push_back(static_cast<int>(seat));
    }
    in.seed_commitment = seed_commitment_;
    in.started_at_ms = started_at_ms_;
    if (result_ && match_) {
        in.result = result_;
        in.seed = match_->setup().seed;
        in.seed_nonce = seed_nonce_;
        in.initial_hash = initial_hash_;
        in.final_hash = match_->state().hash();
        in.finished_at_ms = finished_at_ms_;
    }
    return in;
}

void room::refresh_public_record() {
    if (!match_) return;
    record_inputs head = make_record_inputs();
    std::lock_guard lock(record_mutex_);
    record_head_ = std::move(head);
    if (!record_game_) record_game_ = match_->game_ptr();
}

void room::log_action(record_action entry) {
    std::lock_guard lock(record_mutex_);
    record_actions_.push_back(std::move(entry));
}

std::shared_ptr<const nlohmann::json> room::public_record() const {
    std::lock_guard lock(record_mutex_);
    if (finished_record_) return std::make_shared<const nlohmann::json>(nlohmann::json::parse(*finished_record_));
    if (!record_game_) return nullptr;
    return std::make_shared<const nlohmann::json>(build_record(record_head_, record_actions_, *record_game_));
}

nlohmann::json room::running_summary() const {
    std::lock_guard lock(record_mutex_);
    if (finished_record_ || !record_game_) return nullptr;
    nlohmann::json players = nlohmann::json::array();
    for (std::size_t seat = 0; seat < record_head_.players.size(); ++seat)
        players.push_back({{"seat", seat},
                           {"name", record_head_.players[seat].name},
                           {"score", seat < record_head_.scores.size() ? record_head_.scores[seat] : 0}});
    return {{"id", record_head_.id},
            {"status", "playing"},
            {"rules", std::string(to_string(record_head_.settings.config.rules))},
            {"started_at_ms", record_head_.started_at_ms},
            {"actions", record_actions_.size()},
            {"players", std::move(players)}};
}

journal_seat room::journal_seat_of(int seat) const {
    const SeatInfo& s = info_.seats[static_cast<std::size_t>(seat)];
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

std::optional<std::vector<std::int64_t>> room::clock_remaining_now() const {
    if (!clock_) return std::nullopt;
    std::vector<std::int64_t> remaining = clock_->remaining_ms();
    if (const int running = clock_->running(); running >= 0) {
        const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(
            game_clock::clock::now() - clock_->since());
        auto& left = remaining[static_cast<std::size_t>(running)];
        left = std::max<std::int64_t>(0, left - used.count());
    }
    return remaining;
}

bool room::restore_seat(std::size_t index, const journal_seat& js, bool resigned) {
    SeatInfo& seat = info_.seats[index];
    seat = SeatInfo{};
    seat.name = js.name;
    seat.resigned = resigned;
    if (js.bot) {
        seat.kind = SeatInfo::Kind::bot;
        seat.bot = *js.bot;
        return false;
    }
    seat.kind = SeatInfo::Kind::human;
    seat.person = js.person;
    if (resigned) return false;
    member& m = members_[js.person];
    m.name = js.name;
    m.seat = static_cast<int>(index);
    state_.persons.add_room(js.person, id_);
    return true;
}

void room::restore(restored_game game) {
    net::post(strand_, [self = shared_from_this(), game = std::move(game)]() mutable {
        room& r = *self;
        for (std::size_t i = 0; i < game.seats.size() && i < r.info_.seats.size(); ++i) {
            const bool resigned = i < game.resigned.size() && game.resigned[i];
            if (r.restore_seat(i, game.seats[i], resigned) && r.info_.host.empty()) r.info_.host = game.seats[i].person;
        }
        r.match_ = std::move(game.match);
        r.match_->keep_log(false);  // the room's log below is the one
        {
            std::lock_guard lock(r.record_mutex_);
            r.record_actions_ = std::move(game.actions);
        }
        r.moves_ = r.record_actions_.size();
        r.seed_nonce_ = std::move(game.seed_nonce);
        r.seed_commitment_ = std::move(game.seed_commitment);
        r.initial_hash_ = game.initial_hash;
        r.started_at_ms_ = game.started_at_ms;
        if (r.info_.settings.clock) {
            const auto& c = *r.info_.settings.clock;
            r.clock_.emplace(static_cast<int>(r.info_.seats.size()), std::chrono::milliseconds(c.initial_ms),
                             std::chrono::milliseconds(c.increment_ms));
            // The outage is charged to nobody: the active seat gets its saved time afresh.
            if (game.clock_remaining_ms) r.clock_->restore_remaining(*game.clock_remaining_ms);
        }
        r.info_.status = protocol::RoomStatus::playing;
        r.state_.counters.games_running.fetch_add(1);
        // Journaled to the end but stopped before the record was stored: finish it now.
        if (r.match_->state().is_over()) r.finish("complete");
        else if (r.active_seats() <= 1) r.finish("resigned");
        else r.update_clock();
        r.game_version_ = r.version_ + 1;
        spdlog::info("event=room_restored room={} actions={} commitment={}", r.id_, r.moves_,
                     r.seed_commitment_);
        r.publish();
        r.schedule_turn();
    });
}

}  // namespace carc::server
