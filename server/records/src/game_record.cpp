#include "carc/records/game_record.hpp"

#include <algorithm>
#include <cstdio>

#include "carc/protocol/engine_json.hpp"

namespace carc::server {

using nlohmann::json;

std::string hash_hex(std::uint64_t hash) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

json setup_tiles_json(const Game& game) {
    json tiles = json::array();
    for (const SetupTile& t : game.setup())
        tiles.push_back({{"x", t.at.x}, {"y", t.at.y}, {"tile", game.tiles().at(t.type).id},
                         {"rotation", t.rotation}});
    return tiles;
}

namespace {

// The record without its actions, as a document.
json record_head(const record_inputs& in, const Game& game) {
    const bool over = in.result.has_value();
    json players = json::array();
    for (std::size_t seat = 0; seat < in.players.size(); ++seat) {
        const record_player& p = in.players[seat];
        const int s = static_cast<int>(seat);
        json player = {{"seat", s},
                       {"name", p.name},
                       {"kind", p.kind},
                       {"bot", p.bot ? json(protocol::to_string(*p.bot)) : json(nullptr)},
                       {"score", seat < in.scores.size() ? in.scores[seat] : 0},
                       {"resigned", std::find(in.resigned.begin(), in.resigned.end(), s) != in.resigned.end()}};
        if (over)
            player["winner"] = std::find(in.result->winners.begin(), in.result->winners.end(), s) !=
                               in.result->winners.end();
        players.push_back(std::move(player));
    }
    json record = {{"format", record_format},
                   {"format_version", record_format_version},
                   {"id", in.id},
                   {"status", over ? "finished" : "playing"},
                   {"engine_version", engine_version},
                   {"settings", in.settings},
                   {"players", std::move(players)},
                   {"setup", setup_tiles_json(game)},
                   {"seed_commitment", in.seed_commitment},
                   {"seed", nullptr},
                   {"seed_nonce", nullptr},
                   {"initial_hash", nullptr},
                   {"final_hash", nullptr},
                   {"result", nullptr},
                   {"started_at_ms", in.started_at_ms},
                   {"finished_at_ms", nullptr}};
    if (over) {
        record["seed"] = std::to_string(in.seed);
        record["seed_nonce"] = in.seed_nonce;
        record["initial_hash"] = hash_hex(in.initial_hash);
        record["final_hash"] = hash_hex(in.final_hash);
        record["result"] = {{"reason", in.result->reason},
                            {"scores", in.result->scores},
                            {"winners", in.result->winners},
                            {"resigned", in.result->resigned}};
        record["finished_at_ms"] = in.finished_at_ms;
    }
    return record;
}

}  // namespace

std::string build_record_text(const record_inputs& in, std::span<const record_action> actions, const Game& game) {
    // The same text json::dump gives for the whole record (keys sorted, so "actions" comes
    // first), with each action's events spliced in as the journal wrote them.
    const std::string head = record_head(in, game).dump();
    const bool over = in.result.has_value();
    std::string out;
    out.reserve(head.size() + 16 + actions.size() * 256);
    out += "{\"actions\":[";
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const record_action& a = actions[i];
        if (i > 0) out += ',';
        out += "{\"action\":";
        out += protocol::action_to_json(a.action).dump();
        out += ",\"events\":";
        out += a.events_json;
        out += ",\"seat\":";
        out += std::to_string(a.seat);
        out += ",\"seq\":";
        out += std::to_string(i + 1);
        if (over) {
            out += ",\"state_hash\":\"";
            out += hash_hex(a.state_hash);
            out += '"';
        }
        out += '}';
    }
    out += "],";
    out.append(head, 1);  // the head's members, without its opening brace
    return out;
}

json build_record(const record_inputs& in, std::span<const record_action> actions, const Game& game) {
    return json::parse(build_record_text(in, actions, game));
}

}  // namespace carc::server
