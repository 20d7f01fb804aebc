#include "rooms/game_session.hpp"

#include <algorithm>

#include "carc/protocol/engine_json.hpp"

namespace carc::server {

using protocol::SeatInfo;

void game_session::start_clock(int seats, const std::optional<protocol::ClockSettings>& clock) {
    if (!clock) return;
    clock_.emplace(seats, std::chrono::milliseconds(clock->initial_ms), std::chrono::milliseconds(clock->increment_ms));
}

void game_session::begin(const game_start& start, std::unique_ptr<Match> match,
                         const std::optional<protocol::ClockSettings>& clock) {
    match_ = std::move(match);
    match_->keep_log(false);  // actions_ is the one log
    seed_nonce_ = start.seed_nonce;
    seed_commitment_ = start.seed_commitment;
    initial_hash_ = start.initial_hash;
    started_at_ms_ = start.time_ms;
    points_.assign(static_cast<std::size_t>(match_->game().players()), {});
    start_clock(match_->game().players(), clock);
}

void game_session::restore(restored_game& game, const std::optional<protocol::ClockSettings>& clock) {
    match_ = std::move(game.match);
    match_->keep_log(false);  // actions_ is the one log
    {
        std::lock_guard lock(record_mutex_);
        actions_ = std::move(game.actions);
    }
    points_ = std::move(game.points);
    points_.resize(static_cast<std::size_t>(match_->game().players()));
    seed_nonce_ = std::move(game.seed_nonce);
    seed_commitment_ = std::move(game.seed_commitment);
    initial_hash_ = game.initial_hash;
    started_at_ms_ = game.started_at_ms;
    start_clock(match_->game().players(), clock);
    // The outage is charged to nobody: the active seat gets its saved time afresh.
    if (clock_ && game.clock_remaining_ms) clock_->restore_remaining(*game.clock_remaining_ms);
}

namespace {
// `array`'s members (a JSON array as text) appended to `out`, the members of an array being built.
void splice_members(std::string& out, std::string_view array) {
    if (array.size() <= 2) return;  // "[]"
    if (out.size() > 1) out += ',';
    out += array.substr(1, array.size() - 2);
}
}  // namespace

std::optional<refused_step> game_session::prepare(int seat, const std::vector<Action>& steps,
                                                  const std::string& room_id, std::int64_t now_ms,
                                                  steady::time_point now, std::shared_ptr<pending_move>& out,
                                                  bool stand_in) const {
    out = std::make_shared<pending_move>(match_->state());
    journal_action& entry = out->entry;
    entry.room_id = room_id;
    entry.seat = seat;
    entry.time_ms = now_ms;
    std::string all_events = "[";
    std::vector<Event> events;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        State& next = out->next;
        if (i > 0 && !next.is_over() && next.decider() != seat) return refused_step{i, std::nullopt};
        events.clear();
        if (auto refused = next.apply(steps[i], &events)) return refused_step{i, std::move(refused)};
        journal_step& step = entry.steps.emplace_back();
        step.seq = static_cast<std::int64_t>(actions_.size() + i) + 1;
        step.action = steps[i];
        auto step_events = protocol::events_to_json(events, match_->game().tiles());
        if (stand_in)
            for (auto& e : step_events)
                if (e.value("player", -1) == seat) e["stand_in"] = true;
        step.events_json = step_events.dump();
        step.state_hash = next.hash();
        splice_members(all_events, step.events_json);
        out->events.insert(out->events.end(), events.begin(), events.end());
    }
    all_events += ']';
    out->events_json = steps.size() == 1 ? entry.steps.front().events_json : std::move(all_events);
    entry.clock_remaining_ms = clock_remaining_after(out->next, now);
    return std::nullopt;
}

void game_session::adopt(pending_move&& move) {
    const journal_action& entry = move.entry;
    match_->adopt(entry.steps.back().action, std::move(move.next));
    protocol::count_points(points_, move.events);
    std::lock_guard lock(record_mutex_);
    for (const journal_step& step : entry.steps)
        actions_.push_back({entry.seat, step.action, step.events_json, step.state_hash});
}

std::vector<friends::play_counts> game_session::play_counts() const {
    std::lock_guard lock(record_mutex_);
    return friends::count_play(match_ ? match_->game().players() : 0, actions_);
}

void game_session::update_clock(steady::time_point now, std::int64_t now_ms) {
    if (!clock_ || finished()) return;
    const State& s = match_->state();
    const auto before = clock_->since();
    const int running = clock_->running();
    clock_->switch_to(s.decider(), s.turn_number(), now);
    if (clock_->since() != before || clock_->running() != running) clock_since_ms_ = now_ms;
}

namespace {
// Each seat's time left as of `now`: the running seat's stretch charged, not yet credited.
std::vector<std::int64_t> remaining_at(const game_clock& clock, game_session::steady::time_point now) {
    std::vector<std::int64_t> remaining = clock.remaining_ms();
    if (const int running = clock.running(); running >= 0) {
        const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(now - clock.since());
        auto& left = remaining[static_cast<std::size_t>(running)];
        left = std::max<std::int64_t>(0, left - used.count());
    }
    return remaining;
}
}  // namespace

std::optional<std::vector<std::int64_t>> game_session::clock_remaining(steady::time_point now) const {
    if (!clock_) return std::nullopt;
    return remaining_at(*clock_, now);
}

std::optional<std::vector<std::int64_t>> game_session::clock_remaining_after(const State& next,
                                                                             steady::time_point now) const {
    if (!clock_) return std::nullopt;
    game_clock after = *clock_;
    // As update_clock: a finished game's clock stops without an increment (finish).
    if (!next.is_over()) after.switch_to(next.decider(), next.turn_number(), now);
    return remaining_at(after, now);
}

void game_session::count_timeout(int seat, int seats) {
    clock_timeouts_.resize(static_cast<std::size_t>(seats), 0);
    ++clock_timeouts_[static_cast<std::size_t>(seat)];
}

protocol::GameExtras game_session::extras(int seats, bool with_placements) {
    protocol::GameExtras out;
    if (with_placements && match_ && !finished() && state().phase() == Phase::place_tile) {
        if (!placements_ || placements_moves_ != moves()) {
            placements_ = std::make_shared<const protocol::PlacementChoices>(protocol::placement_choices(state()));
            placements_moves_ = moves();
        }
        out.placements = placements_;
    }
    out.seed_commitment = seed_commitment_;
    if (finished() && match_) {
        out.seed = std::to_string(match_->setup().seed);
        out.seed_nonce = seed_nonce_;
    }
    if (clock_) {
        protocol::ClockState c;
        c.remaining_ms = clock_->remaining_ms();
        c.running = clock_->running();
        c.since_ms = clock_since_ms_;
        c.timeouts = clock_timeouts_;
        c.timeouts.resize(static_cast<std::size_t>(seats), 0);
        out.clock = std::move(c);
    }
    out.result = result_;
    return out;
}

std::string game_session::events_text() const {
    // Each action's events are a JSON array as text: their members are spliced into one array.
    std::string out = "[";
    for (const record_action& action : actions_) splice_members(out, action.events_json);
    out += ']';
    return out;
}

std::shared_ptr<const std::string> game_session::finish(const char* reason, const protocol::RoomInfo& room,
                                                        steady::time_point now, std::int64_t now_ms) {
    if (clock_) clock_->stop(now, false);
    protocol::GameResult result;
    result.reason = reason;
    const State& s = match_->state();
    const int seats = static_cast<int>(room.seats.size());
    int best = -1;
    for (int p = 0; p < seats; ++p) {
        const int score = s.score(static_cast<PlayerId>(p));
        result.scores.push_back(score);
        if (room.seats[static_cast<std::size_t>(p)].resigned) result.resigned.push_back(p);
        else best = std::max(best, score);
    }
    for (int p = 0; p < seats; ++p)
        if (!room.seats[static_cast<std::size_t>(p)].resigned && result.scores[static_cast<std::size_t>(p)] == best)
            result.winners.push_back(p);
    // The points as the engine's events gave them while the game went on (no replay).
    result.breakdown = protocol::settle_breakdown(points_, s);
    result_ = std::move(result);
    finished_at_ms_ = now_ms;
    auto record = std::make_shared<const std::string>(build_record_text(make_record_inputs(room), actions_, match_->game()));
    std::lock_guard lock(record_mutex_);
    finished_record_ = record;
    return record;
}

record_inputs game_session::make_record_inputs(const protocol::RoomInfo& room) const {
    record_inputs in;
    in.id = room.id;
    in.settings = room.settings;
    for (const SeatInfo& s : room.seats) {
        record_player p;
        p.name = s.name;
        p.kind = s.kind == SeatInfo::Kind::bot ? "bot" : "human";
        if (s.kind == SeatInfo::Kind::bot) p.bot = s.bot;
        in.players.push_back(std::move(p));
    }
    for (std::size_t seat = 0; seat < room.seats.size(); ++seat) {
        in.scores.push_back(match_ ? match_->state().score(static_cast<int>(seat)) : 0);
        if (room.seats[seat].resigned) in.resigned.push_back(static_cast<int>(seat));
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

void game_session::refresh_public_record(const protocol::RoomInfo& room) {
    if (!match_) return;
    record_inputs head = make_record_inputs(room);
    std::optional<turn_info> turn;
    if (!state().is_over()) {
        turn.emplace().seat = static_cast<int>(state().decider());
        if (clock_ && clock_->running() >= 0)
            turn->deadline_ms = clock_since_ms_ + clock_->remaining_at_since(clock_->running()).count();
    }
    std::lock_guard lock(record_mutex_);
    record_head_ = std::move(head);
    turn_ = turn;
    if (!record_game_) record_game_ = match_->game_ptr();
}

std::shared_ptr<const std::string> game_session::public_record_text(bool* finished) const {
    std::lock_guard lock(record_mutex_);
    if (finished) *finished = finished_record_ != nullptr;
    if (finished_record_) return finished_record_;
    if (!record_game_) return nullptr;
    return std::make_shared<const std::string>(build_record_text(record_head_, actions_, *record_game_));
}

std::optional<game_session::turn_info> game_session::current_turn() const {
    std::lock_guard lock(record_mutex_);
    return turn_;
}

nlohmann::json game_session::running_summary() const {
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
            {"actions", actions_.size()},
            {"players", std::move(players)}};
}

}  // namespace carc::server
