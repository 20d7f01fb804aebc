#include "carc/protocol/view.hpp"

#include <algorithm>

#include "carc/castle.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/errors.hpp"
#include "carc/protocol/field_reader.hpp"
#include "view_fields.hpp"
#include "view_parts.hpp"

namespace carc::protocol {

using nlohmann::json;

namespace parts {

json optional_string(const std::optional<std::string>& text) {
    if (!text) return nullptr;
    return *text;
}

json seat(int index, const SeatInfo& seat) {
    json out = {{"seat", index}};
    switch (seat.kind) {
        case SeatInfo::Kind::empty: out["kind"] = "empty"; break;
        case SeatInfo::Kind::human:
            out["kind"] = "human";
            out["person"] = seat.person;
            out["name"] = seat.name;
            out["online"] = seat.online;
            out["resigned"] = seat.resigned;
            out["away"] = seat.away;
            if (seat.offline_long) out["offline_long"] = true;
            break;
        case SeatInfo::Kind::bot:
            out["kind"] = "bot";
            out["bot"] = to_string(seat.bot);
            out["name"] = seat.name;
            out["resigned"] = seat.resigned;
            break;
    }
    return out;
}

json settings(const RoomSettings& s) {
    return {{"rules", to_string(s.config.rules)},
            {"expansions", expansions_to_json(s.config.expansions)},
            {"options", options_to_json(s.config.options)},
            {"seats", s.config.players},
            {"clock", clock_to_json(s.clock)},
            {"move_time_s", s.move_time_s ? json(*s.move_time_s) : json(nullptr)}};
}

json spectator(const MemberInfo& m) { return {{"person", m.person}, {"name", m.name}, {"online", m.online}}; }

json board_entry(const TileCatalog& catalog, const PlacedTile& t) {
    return {{"x", t.at.x}, {"y", t.at.y}, {"tile", catalog.at(t.type).id}, {"rotation", t.rotation},
            {"height", t.tower_height}};
}

json follower(const State& state, const Follower& f) {
    json out = {{"owner", f.owner}};
    switch (f.spot) {
        case FollowerSpot::feature: {
            const Coord at = state.tiles()[f.tile].at;
            out["spot"] = "feature";
            out["x"] = at.x;
            out["y"] = at.y;
            out["segment"] = f.segment;
            break;
        }
        case FollowerSpot::tower: {
            const Coord at = state.tiles()[f.tile].at;
            out["spot"] = "tower";
            out["x"] = at.x;
            out["y"] = at.y;
            break;
        }
        case FollowerSpot::quarter:
            out["spot"] = "quarter";
            out["quarter"] = to_string(static_cast<Quarter>(f.quarter));
            break;
    }
    return out;
}

json player(const State& state, int p) {
    const PlayerState& ps = state.player(static_cast<PlayerId>(p));
    json prisoners = json::array();
    for (int q = 0; q < state.game().players(); ++q) prisoners.push_back(ps.prisoners[q]);
    return {{"score", ps.score}, {"supply", ps.supply}, {"floors", ps.floors}, {"prisoners", std::move(prisoners)}};
}

json drawn_tile(const State& state) {
    if (state.drawn_tile() == no_tile) return nullptr;
    return state.game().tiles().at(state.drawn_tile()).id;
}

// The walled board's layout (the same in every game): interior spaces, and the wall in track
// order with each cell's first number, corner towers (with their token slot) and starting spaces.
const json& castle_board() {
    static const json layout = [] {
        const CastleBoard& board = CastleBoard::instance();
        json interior = json::array();
        for (const Coord c : board.interior()) interior.push_back({c.x, c.y});
        const auto& slots = board.token_towers();
        json wall = json::array();
        for (std::size_t k = 0; k < board.wall().size(); ++k) {
            const CastleWallCell& w = board.wall()[k];
            const auto slot = std::find(slots.begin(), slots.end(), static_cast<int>(k));
            wall.push_back({{"x", w.at.x},
                            {"y", w.at.y},
                            {"track", w.first_number},
                            {"tower", w.tower},
                            {"start", w.start},
                            {"slot", slot == slots.end() ? -1 : static_cast<int>(slot - slots.begin())}});
        }
        return json{{"interior", std::move(interior)}, {"wall", std::move(wall)}};
    }();
    return layout;
}

// Which towers still hold a face-down wall token; their kinds are hidden information.
json castle_towers(const CastleState& c) {
    json towers = json::array();
    for (int slot = 0; slot < castle_token_slots; ++slot)
        if (c.towers_with_token & (1u << slot)) towers.push_back(slot);
    return towers;
}

json castle_player(const CastlePlayer& p) {
    json tokens = json::object();
    json usable = json::object();
    for (int kind = 1; kind <= wall_token_kinds; ++kind) {
        const auto token = static_cast<WallToken>(kind);
        if (p.tokens[static_cast<std::size_t>(kind)] == 0) continue;
        tokens[std::string(to_string(token))] = p.tokens[static_cast<std::size_t>(kind)];
        usable[std::string(to_string(token))] = p.usable(token);
    }
    json keep = nullptr;
    if (p.keep_size > 0) keep = {{"x", p.keep_at.x}, {"y", p.keep_at.y}, {"size", p.keep_size}};
    return {{"tokens", std::move(tokens)}, {"usable", std::move(usable)}, {"keep", std::move(keep)}};
}

json castle_pending(const State& state) {
    const CastleState& c = state.castle();
    json pending = json::array();
    for (const PendingScoring& p : c.pending) {
        // The feature's cells, so a client can show the choice where it is on the board.
        json tiles = json::array();
        for (const Coord at : state.board().cells_of(state.board().feature_tiles(p.root)))
            tiles.push_back({at.x, at.y});
        pending.push_back({{"owner", p.owner}, {"feature", to_string(p.kind)}, {"tiles", std::move(tiles)}});
    }
    return pending;
}

json redeploy_onto(const State& state) {
    if (state.phase() != Phase::redeploy || state.city().pending.empty()) return nullptr;
    const PendingFeature& p = state.city().pending[0];
    const Coord at = state.tiles()[p.tile].at;
    return {{"x", at.x}, {"y", at.y}, {"segment", p.segment}, {"feature", to_string(state.board().kind(p.root))}};
}

json clock(const std::optional<ClockState>& clock) {
    if (!clock) return nullptr;
    return {{"remaining_ms", clock->remaining_ms},
            {"running", clock->running},
            {"since", clock->since_ms},
            {"timeouts", clock->timeouts}};
}

json result(const std::optional<GameResult>& result) {
    if (!result) return nullptr;
    return {{"reason", result->reason},
            {"scores", result->scores},
            {"winners", result->winners},
            {"resigned", result->resigned},
            {"breakdown", result->breakdown}};
}

}  // namespace parts

std::string_view to_string(RoomStatus status) {
    switch (status) {
        case RoomStatus::waiting: return "waiting";
        case RoomStatus::playing: return "playing";
        case RoomStatus::finished: return "finished";
        case RoomStatus::adjourned: return "adjourned";
    }
    return "waiting";
}

// Each part below is the snapshot of its table in view_fields.hpp.

json room_to_json(const RoomInfo& room) {
    json doc = json::object();
    view::write_snapshot(view::room_fields, view::RoomSource{room, false}, doc);
    return std::move(doc["room"]);
}

json game_to_json(const State& state, const GameExtras& extras) {
    json doc = json::object();
    view::write_snapshot(view::game_fields, view::GameSource{state, extras}, doc);
    return std::move(doc["game"]);
}

json you_to_json(const State* state, const GameExtras& extras, std::optional<int> seat) {
    json doc = json::object();
    view::write_snapshot(view::you_fields, view::ViewerSource{state, extras, seat}, doc);
    return std::move(doc["you"]);
}

json build_view(const RoomInfo& room, const State* state, const GameExtras& extras,
                std::optional<int> seat) {
    json doc = json::object();
    view::write_snapshot(view::room_fields, view::RoomSource{room, false}, doc);
    view::write_snapshot(view::you_fields, view::ViewerSource{state, extras, seat, view::seat_resigned(room, seat)}, doc);
    if (state) view::write_snapshot(view::game_fields, view::GameSource{*state, extras}, doc);
    else doc["game"] = nullptr;
    return doc;
}

RoomSummary summarize(const RoomInfo& room) {
    const RoomSettings& s = room.settings;
    RoomSummary out;
    out.id = room.id;
    out.name = s.name;
    out.rules = std::string(to_string(s.config.rules));
    const Expansions& e = s.config.expansions;
    if (e.tower) out.expansions.emplace_back("tower");
    if (e.river2) out.expansions.emplace_back("river2");
    if (e.count) out.expansions.emplace_back("count");
    if (e.king_robber) out.expansions.emplace_back("king_robber");
    if (e.cult) out.expansions.emplace_back("cult");
    out.status = room.status;
    out.seats = static_cast<int>(room.seats.size());
    for (const SeatInfo& seat : room.seats) {
        if (seat.kind != SeatInfo::Kind::empty) ++out.taken;
        if (seat.kind == SeatInfo::Kind::bot) ++out.bots;
        if (seat.kind == SeatInfo::Kind::human && seat.online) ++out.humans_online;
        if (seat.kind == SeatInfo::Kind::human && seat.person == room.host) out.host = seat.name;
    }
    out.spectators = room.spectator_count;
    out.spectators_allowed = s.spectators;
    out.clock = s.clock;
    out.move_time_s = s.move_time_s;
    return out;
}

void to_json(json& out, const RoomSummary& r) {
    out = {{"id", r.id},
           {"name", r.name},
           {"rules", r.rules},
           {"expansions", r.expansions},
           {"status", to_string(r.status)},
           {"seats", r.seats},
           {"taken", r.taken},
           {"bots", r.bots},
           {"humans_online", r.humans_online},
           {"spectators", r.spectators},
           {"spectators_allowed", r.spectators_allowed},
           {"clock", clock_to_json(r.clock)},
           {"move_time_s", r.move_time_s ? json(*r.move_time_s) : json(nullptr)},
           {"host", r.host}};
}

void from_json(const json& value, RoomSummary& r) {
    const FieldReader in(value, "room summary");
    r.id = in.string("id", 64);
    r.name = in.string("name", 64);
    r.rules = in.string("rules", 16);
    r.expansions = value.at("expansions").get<std::vector<std::string>>();
    const std::string status = in.string("status", 16);
    if (status == "waiting") r.status = RoomStatus::waiting;
    else if (status == "playing") r.status = RoomStatus::playing;
    else if (status == "finished") r.status = RoomStatus::finished;
    else if (status == "adjourned") r.status = RoomStatus::adjourned;
    else in.fail("status", "waiting, playing, finished or adjourned");
    r.seats = static_cast<int>(in.integer("seats", 0, max_seats));
    r.taken = static_cast<int>(in.integer("taken", 0, max_seats));
    r.bots = static_cast<int>(in.integer("bots", 0, max_seats));
    r.humans_online = static_cast<int>(in.integer("humans_online", 0, max_seats));
    r.spectators = static_cast<int>(in.integer("spectators", 0, 1 << 20));
    r.spectators_allowed = in.boolean("spectators_allowed", true);
    if (const json* clock = in.member("clock")) {
        const FieldReader c(*clock, "clock");
        ClockSettings settings;
        settings.initial_ms = c.integer("initial_ms", 1, 1LL << 40);
        settings.increment_ms = c.integer("increment_ms", 0, 1LL << 40);
        settings.on_timeout =
            c.string("on_timeout", 16) == "forfeit" ? TimeoutPolicy::forfeit : TimeoutPolicy::random;
        r.clock = settings;
    } else {
        r.clock.reset();
    }
    r.move_time_s = in.optional_integer("move_time_s", 1, max_move_time_s);
    r.host = in.string("host", 64);
}

}  // namespace carc::protocol
