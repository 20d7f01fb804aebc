#pragma once
// What a host chooses when creating a room: rules, expansions, options, seats, bots, privacy,
// spectators and the turn clock.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/bots.hpp"
#include "carc/game.hpp"

namespace carc::protocol {

inline constexpr int min_seats = 2;
inline constexpr int max_seats = 6;

enum class TimeoutPolicy : std::uint8_t { random, forfeit };

struct ClockSettings {
    std::int64_t initial_ms = 300000;
    std::int64_t increment_ms = 10000;
    TimeoutPolicy on_timeout = TimeoutPolicy::random;
    friend bool operator==(const ClockSettings&, const ClockSettings&) = default;
};

struct BotSeat {
    int seat = 0;
    BotKind kind = BotKind::random;
    friend bool operator==(const BotSeat&, const BotSeat&) = default;
};

struct RoomSettings {
    std::string name;
    GameConfig config;  // config.players is the number of seats
    std::vector<BotSeat> bots;
    bool is_private = false;
    bool spectators = true;
    std::optional<ClockSettings> clock;
    bool rated = false;  // accounts only; the result moves their ratings (docs/ratings.md)
    // A turn-based game (docs/protocol.md): each move may take this long; no live clock then.
    std::optional<std::int64_t> move_time_s;
    friend bool operator==(const RoomSettings&, const RoomSettings&) = default;
};

// The times per move `create_room` offers: 4 and 12 hours, 1, 2, 3, 5, 7 and 14 days.
inline constexpr std::int64_t move_time_presets_s[] = {4 * 3600, 12 * 3600, 86400, 2 * 86400,
                                                       3 * 86400, 5 * 86400, 7 * 86400, 14 * 86400};
inline constexpr std::int64_t max_move_time_s = 14 * 86400;
// One of the presets; with `any_short` (a server started with --short-move-times, for tests)
// any value from 1 s up to the longest preset.
bool move_time_allowed(std::int64_t seconds, bool any_short);

std::string_view to_string(BotKind kind);
bool bot_kind_from_string(std::string_view text, BotKind& out);
std::string_view to_string(TimeoutPolicy policy);

nlohmann::json expansions_to_json(const Expansions& expansions);
nlohmann::json options_to_json(const Options& options);
nlohmann::json clock_to_json(const std::optional<ClockSettings>& clock);

// The fields of `create_room` (docs/protocol.md). Reading checks shapes and ranges and throws
// WireError(bad_field); whether the engine accepts the combination is the server's question.
void to_json(nlohmann::json& out, const RoomSettings& settings);
void from_json(const nlohmann::json& in, RoomSettings& settings);

}  // namespace carc::protocol
