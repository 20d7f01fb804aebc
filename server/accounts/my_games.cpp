#include "accounts/my_games.hpp"

#include <algorithm>

#include "rooms/lobby.hpp"
#include "rooms/room.hpp"

namespace carc::server::accounts {

namespace st = carc::storage;
using nlohmann::json;

namespace {

const char* status_name(st::RoomStatus status) {
    switch (status) {
        case st::RoomStatus::lobby: return "waiting";
        case st::RoomStatus::running: return "playing";
        case st::RoomStatus::adjourned: return "adjourned";
        case st::RoomStatus::finished: return "finished";
        case st::RoomStatus::abandoned: return "abandoned";
    }
    return "unknown";
}

// Your turn first; then games in play, adjourned, waiting rooms, finished games; newest first.
int order(const protocol::MyGame& game) {
    if (game.your_turn) return 0;
    if (game.status == "playing") return 1;
    if (game.status == "adjourned") return 2;
    if (game.status == "waiting") return 3;
    return 4;
}

}  // namespace

st::Result<protocol::MyGames> my_games(lobby& rooms, st::AccountStore& store, const st::TokenHash& person_token_hash) {
    auto seated = store.seated_games(person_token_hash);
    if (!seated) return seated.error();
    protocol::MyGames out;
    for (const st::SeatedGame& g : *seated) {
        protocol::MyGame game;
        game.room = g.room_id;
        game.status = status_name(g.status);
        game.seat = g.seat;
        game.created_ms = g.created_at_ms;
        const json config = json::parse(g.config_json, nullptr, false);
        if (config.is_object() && config.contains("settings") && config["settings"].is_object()) {
            const json& settings = config["settings"];
            if (settings.contains("move_time_s") && settings["move_time_s"].is_number_integer())
                game.move_time_s = settings["move_time_s"].get<std::int64_t>();
            if (settings.contains("name") && settings["name"].is_string()) game.name = settings["name"].get<std::string>();
            if (settings.contains("config") && settings["config"].is_object() && settings["config"].contains("rules") &&
                settings["config"]["rules"].is_string())
                game.rules = settings["config"]["rules"].get<std::string>();
        }
        game.resigned = g.resigned;
        game.away = g.away;  // a bot plays the seat: take_seat_back
        if (g.status == st::RoomStatus::finished) game.game = g.room_id;  // GET /api/games/{id}
        if (g.turn) {
            // A turn-based game: the current move as stored, right for games on any node.
            if (g.status == st::RoomStatus::running && !g.resigned && !g.away && g.turn->seat == g.seat &&
                g.turn->deadline_ms) {
                game.your_turn = true;
                game.deadline_ms = *g.turn->deadline_ms;
            }
        } else if (g.status == st::RoomStatus::running && !g.resigned && !game.move_time_s) {
            // A live game: the room's clock, on this node. (A turn-based game's first turn is
            // told once it is stored, a moment after the start: the live room has no deadline.)
            if (const auto room = rooms.find(g.room_id)) {
                if (const auto turn = room->current_turn(); turn && turn->seat == g.seat) {
                    game.your_turn = true;
                    game.deadline_ms = turn->deadline_ms;
                }
            }
        }
        out.games.push_back(std::move(game));
    }
    std::stable_sort(out.games.begin(), out.games.end(),
                     [](const protocol::MyGame& a, const protocol::MyGame& b) { return order(a) < order(b); });
    return out;
}

}  // namespace carc::server::accounts
