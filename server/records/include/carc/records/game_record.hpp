#pragma once
// The replay record of one game (GET /api/games/{id}, the finished-games table, carc-sim verify;
// format in docs/protocol.md "Game records"). Built from public facts only; the seed, its nonce
// and the state hashes (which cover the pile order) appear only once the game is over.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/action.hpp"
#include "carc/game.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/protocol/view.hpp"

namespace carc::server {

inline constexpr const char* record_format = "carc-game-record";
// The engine rules version written with every game; replays need the rules that accepted it.
inline constexpr const char* engine_version = "carc-engine 0.1.0";
inline constexpr int record_format_version = 1;

struct record_action {
    int seat = 0;
    Action action;
    std::string events_json = "[]";  // a JSON array as text (the journal's)
    std::uint64_t state_hash = 0;    // after the action; published only when the game is over
};

struct record_player {
    std::string name;
    std::string kind;  // "human" or "bot"
    std::optional<BotKind> bot;
};

struct record_inputs {
    std::string id;
    protocol::RoomSettings settings;
    std::vector<record_player> players;  // by seat
    std::string seed_commitment;
    std::int64_t started_at_ms = 0;
    std::vector<int> scores;  // current (running) or final scores, by seat
    std::vector<int> resigned;
    // Set once the game is over; everything below is revealed only then.
    std::optional<protocol::GameResult> result;
    std::uint64_t seed = 0;
    std::string seed_nonce;
    std::uint64_t initial_hash = 0;
    std::uint64_t final_hash = 0;
    std::int64_t finished_at_ms = 0;
};

// State hashes travel as 16 lowercase hex digits (JSON numbers cannot hold 64 bits exactly).
std::string hash_hex(std::uint64_t hash);

// The tiles laid before the first turn, as `[{x, y, tile, rotation}]` with catalogue tile ids.
nlohmann::json setup_tiles_json(const Game& game);

// The record of `in` with `actions` (the game's log, in order), as text (what is stored: the
// same text json::dump gives, written without building the actions' documents) or as a document.
std::string build_record_text(const record_inputs& in, std::span<const record_action> actions, const Game& game);
nlohmann::json build_record(const record_inputs& in, std::span<const record_action> actions, const Game& game);

}  // namespace carc::server
