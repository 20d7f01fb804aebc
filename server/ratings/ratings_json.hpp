#pragma once
// The ratings' JSON answers (docs/protocol.md, "Ratings"): a player's profile, a leaderboard
// and a game's rating change, read from the store. Called on an account worker (never on an
// I/O thread or a room strand).

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "carc/storage/rating_store.hpp"
#include "carc/storage/store.hpp"

namespace carc::server::ratings {

// Rated games shown in a profile's history (the graph's points), the most recent ones.
inline constexpr int kHistoryLimit = 200;
// Rows of a leaderboard at most.
inline constexpr int kLeaderboardLimit = 100;

// What a read answered: a JSON body, or an error's HTTP status, code and message.
struct ratings_answer {
    int status = 200;
    nlohmann::json body;
};

// GET /api/players/NAME[?vs=OTHER]: the account's ratings per key, their history, games played
// and won per key, and with `vs` the head-to-head against that account. Each rating's RD is
// as it stands at `now_ms`, widened by the time since its last rated game.
ratings_answer player_profile(storage::AccountStore& accounts, storage::RatingStore& ratings, std::string_view name,
                              std::optional<std::string_view> opponent, storage::TimeMs now_ms);
// GET /api/leaderboard?rules=KEY: eligible accounts best first, and the bots' fixed ratings.
ratings_answer leaderboard(storage::RatingStore& ratings, std::string_view key, storage::TimeMs now_ms);
// GET /api/games/ID/rating: the game's change by seat.
ratings_answer game_rating_answer(storage::RatingStore& ratings, std::string_view game_id);

nlohmann::json value_json(const storage::RatingValue& value);

}  // namespace carc::server::ratings
