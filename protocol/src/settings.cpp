#include "carc/protocol/settings.hpp"

#include <algorithm>
#include <iterator>

#include "carc/protocol/errors.hpp"
#include "carc/protocol/field_reader.hpp"

namespace carc::protocol {

using nlohmann::json;

namespace {

constexpr std::int64_t max_clock_ms = 24LL * 3600 * 1000;
constexpr std::int64_t max_pile_limit = 200;  // more than any box holds

Expansions read_expansions(const json* value) {
    Expansions e;
    if (!value) return e;
    const FieldReader in(*value, "expansions");
    e.tower = in.boolean("tower", false);
    e.river2 = in.boolean("river2", false);
    e.count = in.boolean("count", false);
    e.king_robber = in.boolean("king_robber", false);
    e.cult = in.boolean("cult", false);
    return e;
}

Options read_options(const json* value) {
    Options o;
    if (!value) return o;
    const FieldReader in(*value, "options");
    o.tower_tiles = in.boolean("tower_tiles", o.tower_tiles);
    o.tower_rules = in.boolean("tower_rules", o.tower_rules);
    o.lake_extra_turn = in.boolean("lake_extra_turn", o.lake_extra_turn);
    o.count_market_only_at_end = in.boolean("count_market_only_at_end", o.count_market_only_at_end);
    o.alt_start_keeps_start_tile = in.boolean("alt_start_keeps_start_tile", o.alt_start_keeps_start_tile);
    // A short game: only this many land tiles are drawn (0 = the whole pile).
    o.pile_limit = static_cast<int>(in.optional_integer("pile_limit", 0, max_pile_limit).value_or(0));
    return o;
}

std::optional<ClockSettings> read_clock(const json* value) {
    if (!value) return std::nullopt;
    const FieldReader in(*value, "clock");
    ClockSettings c;
    c.initial_ms = in.integer("initial_ms", 1, max_clock_ms);
    c.increment_ms = in.optional_integer("increment_ms", 0, max_clock_ms).value_or(0);
    const std::string policy = in.optional_string("on_timeout", 16).value_or("random");
    if (policy == "random") c.on_timeout = TimeoutPolicy::random;
    else if (policy == "forfeit") c.on_timeout = TimeoutPolicy::forfeit;
    else in.fail("on_timeout", "random or forfeit");
    return c;
}

std::vector<BotSeat> read_bots(const json* value, int seats) {
    std::vector<BotSeat> bots;
    if (!value) return bots;
    if (!value->is_array()) throw WireError(ErrorCode::bad_field, "field 'bots' must be an array", "bots");
    for (const json& item : *value) {
        const FieldReader in(item, "bots[]");
        BotSeat bot;
        bot.seat = static_cast<int>(in.integer("seat", 0, seats - 1));
        if (!bot_kind_from_string(in.optional_string("kind", 16).value_or("random"), bot.kind))
            in.fail("kind", "one of random, beginner, greedy, apprentice, amateur, easy, medium, hard");
        const bool duplicate = std::any_of(bots.begin(), bots.end(),
                                           [&](const BotSeat& b) { return b.seat == bot.seat; });
        if (duplicate) in.fail("seat", "different for each bot");
        bots.push_back(bot);
    }
    return bots;
}

}  // namespace

namespace {
// Indexed by BotKind: random and greedy, the search bots by strength, then the bots between
// them (docs/bots.md, "The ladder").
constexpr std::string_view bot_kind_names[] = {"random", "greedy",   "easy",       "medium",
                                               "hard",   "beginner", "apprentice", "amateur"};
static_assert(std::size(bot_kind_names) == bot_kind_count);
}  // namespace

std::string_view to_string(BotKind kind) { return bot_kind_names[static_cast<int>(kind)]; }

bool bot_kind_from_string(std::string_view text, BotKind& out) {
    for (int k = 0; k < bot_kind_count; ++k)
        if (text == bot_kind_names[k]) {
            out = static_cast<BotKind>(k);
            return true;
        }
    return false;
}

std::string_view to_string(TimeoutPolicy policy) {
    return policy == TimeoutPolicy::forfeit ? "forfeit" : "random";
}

json expansions_to_json(const Expansions& e) {
    return {{"tower", e.tower}, {"river2", e.river2}, {"count", e.count},
            {"king_robber", e.king_robber}, {"cult", e.cult}};
}

json options_to_json(const Options& o) {
    return {{"tower_tiles", o.tower_tiles},
            {"tower_rules", o.tower_rules},
            {"lake_extra_turn", o.lake_extra_turn},
            {"count_market_only_at_end", o.count_market_only_at_end},
            {"alt_start_keeps_start_tile", o.alt_start_keeps_start_tile},
            {"pile_limit", o.pile_limit}};
}

json clock_to_json(const std::optional<ClockSettings>& clock) {
    if (!clock) return nullptr;
    return {{"initial_ms", clock->initial_ms},
            {"increment_ms", clock->increment_ms},
            {"on_timeout", to_string(clock->on_timeout)}};
}

void to_json(json& out, const RoomSettings& s) {
    json bots = json::array();
    for (const BotSeat& b : s.bots) bots.push_back({{"seat", b.seat}, {"kind", to_string(b.kind)}});
    out = {{"name", s.name},
           {"rules", to_string(s.config.rules)},
           {"expansions", expansions_to_json(s.config.expansions)},
           {"options", options_to_json(s.config.options)},
           {"seats", s.config.players},
           {"bots", std::move(bots)},
           {"private", s.is_private},
           {"spectators", s.spectators},
           {"clock", clock_to_json(s.clock)}};
    // Only when set, so the settings (and records) of unrated rooms read as before.
    if (s.rated) out["rated"] = true;
    if (s.move_time_s) out["move_time_s"] = *s.move_time_s;
}

bool move_time_allowed(std::int64_t seconds, bool any_short) {
    if (any_short) return seconds >= 1 && seconds <= max_move_time_s;
    return std::ranges::find(move_time_presets_s, seconds) != std::end(move_time_presets_s);
}

void from_json(const json& value, RoomSettings& s) {
    const FieldReader in(value, "create_room");
    s.name = in.optional_label("name", 64).value_or("");
    const std::string rules = in.optional_string("rules", 16).value_or("carcassonne");
    if (rules == "carcassonne") s.config.rules = RuleSystem::carcassonne;
    else if (rules == "castle") s.config.rules = RuleSystem::castle;
    else in.fail("rules", "carcassonne or castle");
    s.config.players = static_cast<int>(in.optional_integer("seats", min_seats, max_seats).value_or(2));
    s.config.expansions = read_expansions(in.member("expansions"));
    s.config.options = read_options(in.member("options"));
    s.bots = read_bots(in.member("bots"), s.config.players);
    s.is_private = in.boolean("private", false);
    s.spectators = in.boolean("spectators", true);
    s.clock = read_clock(in.member("clock"));
    s.rated = in.boolean("rated", false);
    s.move_time_s = in.optional_integer("move_time_s", 1, max_move_time_s);
    if (s.move_time_s && s.clock) in.fail("move_time_s", "absent when the room has a live clock");
}

}  // namespace carc::protocol
