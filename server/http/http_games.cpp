#include "http/http_games.hpp"

#include <charconv>

#include "rooms/recovery.hpp"
#include "rooms/room.hpp"
#include "rooms/lobby.hpp"

namespace carc::server {

using nlohmann::json;
using boost::beast::http::status;

namespace {

constexpr int default_page = 20;
constexpr int max_page = 100;

// The value of `name` in a query string like "limit=10&offset=20", if it is a number >= 0.
std::optional<int> query_number(std::string_view query, std::string_view name) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        const auto eq = pair.find('=');
        if (eq == std::string_view::npos || pair.substr(0, eq) != name) continue;
        const std::string_view value = pair.substr(eq + 1);
        int n = 0;
        const auto parsed = std::from_chars(value.data(), value.data() + value.size(), n);
        if (parsed.ec != std::errc{} || parsed.ptr != value.data() + value.size() || n < 0) return -1;
        return n;
    }
    return std::nullopt;
}

// A running game's row of the list, from its record (what room::running_summary gives).
json running_row(const json& record) {
    json players = json::array();
    for (const auto& p : record["players"])
        players.push_back({{"seat", p["seat"]}, {"name", p["name"]}, {"score", p["score"]}});
    return {{"id", record["id"]},
            {"status", "playing"},
            {"rules", record["settings"]["rules"]},
            {"started_at_ms", record["started_at_ms"]},
            {"actions", record["actions"].size()},
            {"players", std::move(players)}};
}

games_answer error(status code, std::string message) { return {code, json{{"error", std::move(message)}}.dump()}; }

games_answer list_games(const game_sources& state, std::string_view query) {
    const auto limit = query_number(query, "limit").value_or(default_page);
    const auto offset = query_number(query, "offset").value_or(0);
    if (limit < 1 || limit > max_page || offset < 0)
        return error(status::bad_request, "limit is 1 to 100 and offset at least 0");
    json running = json::array();
    for (const auto& r : state.rooms.rooms()) {
        if (r->is_private()) continue;
        if (json row = r->running_summary(); !row.is_null()) running.push_back(std::move(row));
    }
    if (state.cluster && state.stores.games) {
        // Other nodes' public running games, as the shared lobby names them, from their journals.
        for (const auto& summary : state.rooms.public_rooms()) {
            if (summary.status != protocol::RoomStatus::playing || state.rooms.find(summary.id)) continue;
            if (auto record = running_record(*state.stores.games, summary.id)) running.push_back(running_row(*record));
        }
    }
    json finished = json::array();
    bool more = false;
    if (state.stores.games) {
        auto page = state.stores.games->list_finished(limit + 1, offset);
        if (!page) return error(status::service_unavailable, "the game store cannot be read: " + page.message());
        more = static_cast<int>(page->size()) > limit;
        for (int i = 0; i < static_cast<int>(page->size()) && i < limit; ++i) {
            const auto& game = (*page)[static_cast<std::size_t>(i)];
            json players = json::array();
            for (const auto& p : game.players)
                players.push_back({{"seat", p.seat}, {"name", p.name}, {"score", p.score}, {"winner", p.winner}});
            finished.push_back({{"id", game.game_id},
                                {"status", "finished"},
                                {"rules", game.rule_system},
                                {"engine_version", game.engine_version},
                                {"finished_at_ms", game.finished_at_ms},
                                {"players", std::move(players)}});
        }
    }
    return {status::ok, json{{"running", std::move(running)},
                             {"finished", std::move(finished)},
                             {"limit", limit},
                             {"offset", offset},
                             {"next_offset", more ? json(offset + limit) : json(nullptr)}}
                            .dump()};
}

games_answer one_game(const game_sources& state, const std::string& id) {
    // A live room first: its record is current; private rooms show nothing while they play.
    if (const auto r = state.rooms.find(id)) {
        bool finished = false;
        const auto record = r->public_record(&finished);
        // Once stored, a finished game's record is the store's: an account deleted since shows
        // its replacement name there (docs/accounts.md, "Your own data").
        if (record && finished && state.stores.games)
            if (auto stored = state.stores.games->get_game(id); stored && stored->has_value())
                return {status::ok, std::move(**stored), game_state::finished};
        if (record && (!r->is_private() || finished))
            return {status::ok, *record, finished ? game_state::finished : game_state::running};
    }
    if (state.stores.games) {
        // Adjourned (unloaded until a player returns): its record so far, from the journal.
        if (state.rooms.is_adjourned_in_public(id))
            if (auto record = adjourned_record(*state.stores.games, id))
                return {status::ok, record->dump(), game_state::adjourned};
        // Several nodes: a game another node runs, as of its last committed move.
        if (state.cluster && !state.rooms.find(id))
            if (auto record = running_record(*state.stores.games, id))
                return {status::ok, record->dump(), game_state::running};
        auto stored = state.stores.games->get_game(id);
        if (!stored) return error(status::service_unavailable, "the game store cannot be read: " + stored.message());
        // Stored as the text the room wrote (build_record_text): served as it is.
        if (stored->has_value()) return {status::ok, std::move(**stored), game_state::finished};
    }
    return error(status::not_found, "no game " + id);
}

}  // namespace

games_answer answer_games_request(const game_sources& state, std::string_view path, std::string_view query) {
    if (path == "/api/games" || path == "/api/games/") return list_games(state, query);
    const std::string_view id = path.substr(std::string_view("/api/games/").size());
    if (id.empty() || id.size() > 64 || id.find('/') != std::string_view::npos)
        return error(status::not_found, "no such game");
    return one_game(state, std::string(id));
}

}  // namespace carc::server
