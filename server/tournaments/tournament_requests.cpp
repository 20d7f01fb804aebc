#include "tournaments/tournament_requests.hpp"

#include <spdlog/spdlog.h>

#include "carc/competition/round_robin.hpp"
#include "carc/game.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/storage/rating_store.hpp"
#include "people/security.hpp"
#include "ratings/game_rating.hpp"
#include "ratings/rating_key.hpp"
#include "tournaments/tournament_rounds.hpp"
#include "tournaments/tournament_service.hpp"
#include "util/name_rule.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server::tournaments {

namespace st = carc::storage;
using nlohmann::json;

namespace {

answer refusal(int status, std::string code, std::string message) {
    return {status, {{"error", std::move(code)}, {"message", std::move(message)}}};
}

answer store_failed(const st::Error& error) {
    spdlog::error("event=tournament_store_failed error=\"{}\"", error.message);
    return refusal(503, "store_failed", "the store is not available; try again");
}

answer no_such_tournament() { return refusal(404, "no_such_tournament", "no such tournament"); }

// The player's rating under the games' rating key (1500 for a newcomer): what ranks equal scores.
std::int64_t seed_of(tournament_service& service, const std::string& person, const st::TournamentRecord& record) {
    auto* ratings = service.ratings();
    if (!ratings) return 1500;
    const json settings = json::parse(record.settings_json);
    const std::string key = ratings::rating_key(settings.at("game").get<protocol::RoomSettings>().config);
    auto stored = ratings->ratings_of(person);
    if (!stored) return 1500;
    for (const st::PlayerRating& r : *stored)
        if (r.key == key) return static_cast<std::int64_t>(r.value.rating + 0.5);
    return 1500;
}

json table_json(const st::TournamentTable& t, const std::map<std::string, std::string>& names) {
    json players = json::array();
    for (std::size_t seat = 0; seat < t.players.size(); ++seat) {
        json p{{"person", t.players[seat]}, {"name", names.count(t.players[seat]) ? names.at(t.players[seat]) : ""}};
        if (t.places) p["place"] = (*t.places)[seat];
        players.push_back(std::move(p));
    }
    return {{"round", t.round},
            {"table", t.table},
            {"room", t.room_id ? json(*t.room_id) : json(nullptr)},
            {"bye", !t.room_id.has_value()},
            {"finished", t.places.has_value()},
            {"players", std::move(players)}};
}

json tournament_json(const st::StoredTournament& stored) {
    const st::TournamentRecord& r = stored.record;
    const json settings = json::parse(r.settings_json);
    const format_settings format = format_of(r);
    std::map<std::string, std::string> names;
    for (const auto& p : stored.players) names[p.person_id] = p.name;
    json rounds = json::array();
    for (const st::TournamentTable& t : stored.tables) {
        while (static_cast<int>(rounds.size()) < t.round) rounds.push_back(json::array());
        rounds[static_cast<std::size_t>(t.round - 1)].push_back(table_json(t, names));
    }
    json out{{"id", r.id},
             {"name", r.name},
             {"creator", r.creator_id},
             {"creator_name", names.count(r.creator_id) ? names[r.creator_id] : ""},
             {"format", r.format},
             {"rounds", format.swiss ? json(format.rounds) : json(nullptr)},
             {"table_size", format.table_size},
             {"game", settings.at("game")},
             {"starts_at_ms", r.starts_at_ms ? json(*r.starts_at_ms) : json(nullptr)},
             {"status", st::to_string(r.status)},
             {"round", r.round},
             {"created_at_ms", r.created_at_ms},
             {"standings", standings_json(stored)},
             {"tables", std::move(rounds)}};
    return out;
}

json summary_json(const st::TournamentRecord& r) {
    return {{"id", r.id},          {"name", r.name},   {"format", r.format},
            {"status", st::to_string(r.status)}, {"round", r.round}, {"created_at_ms", r.created_at_ms}};
}

// The games' settings from the body's `game` (create_room's fields), checked for every table size
// the tournament can have; a live game gets a clock when it has none, so a no-show loses on time.
std::variant<protocol::RoomSettings, answer> game_settings_of(const tournament_rules& rules, const json& body,
                                                              const format_settings& format) {
    protocol::RoomSettings game;
    try {
        game = body.value("game", json::object()).get<protocol::RoomSettings>();
    } catch (const std::exception& e) {
        return refusal(400, "bad_field", std::string("game: ") + e.what());
    }
    game.bots.clear();
    game.is_private = false;
    if (game.move_time_s && !protocol::move_time_allowed(*game.move_time_s, rules.short_move_times))
        return refusal(400, "bad_field", "game.move_time_s must be 4 or 12 hours or 1, 2, 3, 5, 7 or 14 days, in seconds");
    if (!game.move_time_s && !game.clock) game.clock = protocol::ClockSettings{.on_timeout = protocol::TimeoutPolicy::forfeit};
    const int smallest = format.swiss || format.table_size == 2 ? 2 : format.table_size - 1;
    for (int seats = smallest; seats <= format.table_size; ++seats) {
        GameConfig config = game.config;
        config.players = seats;
        std::string error;
        if (!Game::create(config, &error))
            return refusal(400, "bad_settings", "a table of " + std::to_string(seats) + ": " + error);
    }
    game.config.players = format.table_size;
    if (const auto rated = ratings::rated_settings_refusal(game))
        return refusal(400, "bad_settings", "game: " + rated->message);
    return game;
}

}  // namespace

answer create(tournament_service& service, const accounts::signed_in& me, const json& body) {
    if (!body.is_object()) return refusal(400, "bad_json", "the body must be one JSON object");
    const auto typed = body.find("name");
    if (typed == body.end() || !typed->is_string()) return refusal(400, "bad_field", "name: a string");
    const checked_name checked = check_name(typed->get_ref<const std::string&>(), max_name_length);
    if (!checked.ok()) return refusal(400, "bad_field", "name: " + checked.problem);
    const std::string& name = checked.name;
    const auto format_field = body.find("format");
    if (format_field != body.end() && !format_field->is_string())
        return refusal(400, "bad_field", "format: swiss or round_robin");
    const std::string format_name = format_field == body.end() ? "swiss" : format_field->get<std::string>();
    format_settings format;
    if (format_name == "swiss") {
        format.swiss = true;
        format.table_size = 2;
        const auto rounds = body.find("rounds");
        if (rounds == body.end() || !rounds->is_number_integer() || *rounds < 1 || *rounds > max_swiss_rounds)
            return refusal(400, "bad_field", "rounds: a Swiss tournament plays 1 to " + std::to_string(max_swiss_rounds) + " rounds");
        format.rounds = rounds->get<int>();
    } else if (format_name == "round_robin") {
        format.swiss = false;
        const auto size = body.find("table_size");
        if (size != body.end() && (!size->is_number_integer() || *size < competition::kMinTableSize ||
                                   *size > competition::kMaxTableSize))
            return refusal(400, "bad_field", "table_size: 2 to 5 players a table");
        format.table_size = size == body.end() ? 2 : size->get<int>();
    } else {
        return refusal(400, "bad_field", "format: swiss or round_robin");
    }
    std::optional<std::int64_t> starts_at;
    if (const auto at = body.find("starts_at_ms"); at != body.end() && !at->is_null()) {
        if (!at->is_number_integer() || *at <= 0) return refusal(400, "bad_field", "starts_at_ms: a time in ms since 1970");
        starts_at = at->get<std::int64_t>();
    }
    // Every field is checked before anything is stored: a refused request creates nothing.
    const auto play = body.find("play");
    if (play != body.end() && !play->is_boolean()) return refusal(400, "bad_field", "play: true or false");
    // The creator plays in it unless the body says "play": false; they may withdraw later.
    const bool plays = play == body.end() || play->get<bool>();
    auto game = game_settings_of(service.rules(), body, format);
    if (auto* refused = std::get_if<answer>(&game)) return *refused;
    const json settings{{"game", std::get<protocol::RoomSettings>(game)},
                        {"rounds", format.rounds},
                        {"table_size", format.table_size}};
    st::TournamentRecord record{.id = "t" + random_hex(5),
                                .name = name,
                                .creator_id = me.account.person_id,
                                .format = format_name,
                                .settings_json = settings.dump(),
                                .starts_at_ms = starts_at,
                                .status = st::TournamentStatus::open,
                                .round = 0,
                                .created_at_ms = unix_ms()};
    std::optional<st::TournamentPlayer> creator;
    if (plays)
        creator = st::TournamentPlayer{.person_id = me.account.person_id, .name = me.account.name, .entry = 0,
                                       .seed = seed_of(service, me.account.person_id, record), .joined_round = 0,
                                       .withdrawn = false};
    const st::TournamentCaps caps{.per_creator = service.rules().max_per_creator,
                                  .unfinished = service.rules().max_unfinished};
    auto stored = service.store().create_tournament_within(record, creator, caps);
    if (!stored) return store_failed(stored.error());
    if (*stored == st::TournamentCreated::creator_at_cap)
        return {429,
                {{"error", "too_many_tournaments"},
                 {"message", "you have " + std::to_string(caps.per_creator) +
                                 " unfinished tournaments, the most one may; wait until one ends"},
                 {"limit", caps.per_creator},
                 {"per", "person"}}};
    if (*stored == st::TournamentCreated::all_at_cap)
        return {429,
                {{"error", "too_many_tournaments"},
                 {"message", "the server has " + std::to_string(caps.unfinished) +
                                 " unfinished tournaments, the most it holds; try again when one ends"},
                 {"limit", caps.unfinished},
                 {"per", "server"}}};
    spdlog::info("event=tournament_created tournament={} format={} by={}", record.id, format_name, me.account.person_id);
    if (starts_at) service.wake();
    answer made = read(service, record.id);
    if (made.status == 200) made.status = 201;
    return made;
}

answer read(tournament_service& service, const std::string& id) {
    auto loaded = service.store().tournament(id);
    if (!loaded) return store_failed(loaded.error());
    if (!*loaded) return no_such_tournament();
    return {200, tournament_json(**loaded)};
}

answer list(tournament_service& service) {
    auto listed = service.store().list_tournaments(50);
    if (!listed) return store_failed(listed.error());
    json out = json::array();
    for (const auto& r : *listed) out.push_back(summary_json(r));
    return {200, {{"tournaments", std::move(out)}}};
}

answer join(tournament_service& service, const accounts::signed_in& me, const std::string& id) {
    auto loaded = service.store().tournament(id);
    if (!loaded) return store_failed(loaded.error());
    if (!*loaded) return no_such_tournament();
    const st::TournamentRecord& record = (*loaded)->record;
    // A late joiner plays from the next round, with no points for the rounds before.
    const st::TournamentPlayer player{.person_id = me.account.person_id, .name = me.account.name, .entry = 0,
                                      .seed = seed_of(service, me.account.person_id, record),
                                      .joined_round = record.round, .withdrawn = false};
    if (auto joined = service.store().join_tournament(id, player); !joined) {
        if (joined.code() == st::ErrorCode::already_exists) return refusal(409, "already_joined", joined.message());
        if (joined.code() == st::ErrorCode::invalid_state) return refusal(409, "tournament_over", joined.message());
        if (joined.code() == st::ErrorCode::not_found) return no_such_tournament();
        return store_failed(joined.error());
    }
    return read(service, id);
}

answer withdraw(tournament_service& service, const accounts::signed_in& me, const std::string& id) {
    if (auto done = service.store().withdraw_from_tournament(id, me.account.person_id); !done) {
        if (done.code() == st::ErrorCode::not_found) return refusal(404, "not_in_tournament", done.message());
        return store_failed(done.error());
    }
    auto loaded = service.store().tournament(id);
    if (!loaded) return store_failed(loaded.error());
    if (!*loaded) return no_such_tournament();
    return {200, tournament_json(**loaded)};
}

answer start(tournament_service& service, const accounts::signed_in& me, const std::string& id) {
    auto loaded = service.store().tournament(id);
    if (!loaded) return store_failed(loaded.error());
    if (!*loaded) return no_such_tournament();
    if ((*loaded)->record.creator_id != me.account.person_id)
        return refusal(403, "not_creator", "only the tournament's creator starts it");
    if ((*loaded)->record.status != st::TournamentStatus::open)
        return refusal(409, "already_started", "the tournament has started already");
    if (!service.start_now(id))
        return refusal(409, "too_few_players", "a tournament starts with at least two players who have not withdrawn");
    loaded = service.store().tournament(id);
    if (!loaded || !*loaded) return store_failed({st::ErrorCode::internal, "not read back"});
    return {200, tournament_json(**loaded)};
}

}  // namespace carc::server::tournaments
